// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { en, renderWithApp } from '../test/render.tsx';
import { Field, FormError } from './field.tsx';

const input = (name: string) => (control: object) => <input name={name} className="input" {...control} />;

describe('Field', () => {
  it('translates a contract key with the values the form gives, under the input, and marks the input invalid', () => {
    renderWithApp(
      <Field label="Amount" name="amount" error={{ message: 'AMOUNT_BELOW_MIN' }} values={{ min: '฿100.00' }}>
        {input('amount')}
      </Field>,
    );
    expect(screen.getByTestId('field-error-amount').textContent).toBe('The minimum amount is ฿100.00');
    const box = screen.getByRole('textbox');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByTestId('field-error-amount').id);
  });

  it('shows the API text kept beside the key, a web key with a dot, and VALIDATION_FAILED for an unknown key', () => {
    renderWithApp(
      <>
        <Field label="A" name="a" error={{ message: 'FUND_PASSWORD_INCORRECT', types: { server: 'Wrong. 2 left.' } }}>
          {input('a')}
        </Field>
        <Field label="B" name="b" error={{ message: 'common.offline' }}>
          {input('b')}
        </Field>
        <Field label="C" name="c" error={{ message: 'Too small: expected number to be >=1' }}>
          {input('c')}
        </Field>
      </>,
    );
    expect(screen.getByTestId('field-error-a').textContent).toBe('Wrong. 2 left.');
    expect(screen.getByTestId('field-error-b').textContent).toBe(en('common.offline'));
    expect(screen.getByTestId('field-error-c').textContent).toBe(en('errors:VALIDATION_FAILED'));
  });

  it('shows the hint, no error and a valid input when there is nothing wrong', () => {
    renderWithApp(
      <Field label="Name" name="name" hint="As on your card">
        {input('name')}
      </Field>,
    );
    expect(screen.queryByTestId('field-error-name')).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('As on your card')).toBeTruthy();
  });

  it('FormError is hidden without text', () => {
    renderWithApp(<FormError text={null} />);
    expect(screen.getByTestId('form-error').hidden).toBe(true);
  });
});
