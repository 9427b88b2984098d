// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API, type KycIndex } from '@fairdraw/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/upload.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { KycForm } from './kyc-form.tsx';

vi.mock('../../../lib/upload.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/upload.ts')>()),
  apiUpload: vi.fn(),
}));
const upload = vi.mocked(apiUpload);

const PENDING: KycIndex = {
  status: 'pending',
  id: 4,
  real_name: 'Somchai Jaidee',
  document_number: '••••3456',
  reason: null,
  submitted_at: 1_795_000_000_000,
  decided_at: null,
  required_for_withdrawal: false,
};
const jpeg = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function setup() {
  const onDone = vi.fn();
  const view = renderWithApp(<KycForm onDone={onDone} />);
  const submit = () => view.user.click(screen.getByTestId('kyc-submit'));
  const fill = async () => {
    await view.user.type(screen.getByTestId('kyc-real-name'), ' Somchai Jaidee ');
    await view.user.type(screen.getByTestId('kyc-document-number'), '1-1037-00123-45-6');
    await view.user.upload(screen.getByTestId('kyc-front'), jpeg('front.jpg'));
    await view.user.upload(screen.getByTestId('kyc-back'), jpeg('back.jpg'));
  };
  return { ...view, submit, fill, onDone };
}

beforeEach(() => {
  upload.mockReset();
});

describe('KycForm', () => {
  it("shows the site's own file control, in the page's language, with the chosen file's name", async () => {
    const { user } = setup();
    expect(screen.getAllByText(en('common.noFileChosen'))).toHaveLength(2);
    expect(screen.getAllByText(en('common.choosePhoto'))).toHaveLength(2);
    await user.upload(screen.getByTestId('kyc-front'), jpeg('front.jpg'));
    expect(screen.getByText('front.jpg')).toBeTruthy();
    expect(screen.getAllByText(en('common.noFileChosen'))).toHaveLength(1);
  });

  it('sends the name, the document number as the contract normalizes it, and both photos, as multipart', async () => {
    upload.mockResolvedValue(PENDING);
    const { fill, submit, onDone } = setup();
    await fill();
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(PENDING));
    expect(upload).toHaveBeenCalledTimes(1);
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe(API.kycSubmit);
    expect(form.get('real_name')).toBe('Somchai Jaidee');
    expect(form.get('document_number')).toBe('1103700123456');
    expect((form.get('front') as File).name).toBe('front.jpg');
    expect((form.get('back') as File).name).toBe('back.jpg');
  });

  it('refuses an empty form field by field with the API keys, sending nothing', async () => {
    const { submit } = setup();
    await submit();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByTestId('field-error-real_name').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(screen.getByTestId('field-error-front').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(screen.getByTestId('field-error-back').textContent).toBe(en('errors:REQUIRED_FIELDS'));
  });

  it('checks the name and document number with the contract rules, and a photo over 5 MB', async () => {
    const { user, submit } = setup();
    await user.type(screen.getByTestId('kyc-real-name'), '1');
    await user.type(screen.getByTestId('kyc-document-number'), '12');
    await user.upload(screen.getByTestId('kyc-front'), jpeg('big.jpg', 5 * 1024 * 1024 + 1));
    await submit();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByTestId('field-error-real_name').textContent).toBe(en('errors:REAL_NAME_FORMAT'));
    expect(screen.getByTestId('field-error-document_number').textContent).toBe(en('errors:DOCUMENT_NUMBER_FORMAT'));
    expect(screen.getByTestId('field-error-front').textContent).toBe(en('errors:IMAGE_TOO_LARGE', { max: '5 MB' }));
  });

  it('shows the API refusal under the field it names', async () => {
    upload.mockRejectedValue(new ApiError(415, 'IMAGE_INVALID', 'Please choose a JPEG, PNG or WebP image', 'back'));
    const { fill, submit, onDone } = setup();
    await fill();
    await submit();
    await waitFor(() =>
      expect(screen.getByTestId('field-error-back').textContent).toBe('Please choose a JPEG, PNG or WebP image'),
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
