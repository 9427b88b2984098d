// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { en, renderWithApp } from '../../test/render.tsx';
import { MessagesTab } from './messages-tab.tsx';

vi.mock('../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
const sent = () => request.mock.calls.filter(([path]) => path === API.adminMsgSend);

function setup() {
  const view = renderWithApp(<MessagesTab />);
  const submit = () => view.user.click(screen.getByTestId('admin-msg-send'));
  return { ...view, submit };
}

beforeEach(() => {
  request.mockReset();
});

describe('MessagesTab', () => {
  it('sends a message to one player as typed (trimmed), then empties the form', async () => {
    request.mockImplementation(() => Promise.resolve({ id: 'm7', to: 'one' }));
    const { user, submit } = setup();
    await user.type(screen.getByTestId('admin-msg-account'), ' alice01 ');
    await user.type(screen.getByTestId('admin-msg-title'), ' Hello ');
    await user.type(screen.getByTestId('admin-msg-body'), 'Welcome to Fairdraw');
    await submit();
    expect(sent()).toEqual([
      [
        API.adminMsgSend,
        { method: 'POST', body: { to: 'one', account: 'alice01', title: 'Hello', body: 'Welcome to Fairdraw' } },
      ],
    ]);
    expect(screen.getByTestId<HTMLInputElement>('admin-msg-title').value).toBe('');
  });

  it('a broadcast names no account', async () => {
    request.mockImplementation(() => Promise.resolve({ id: 'b3', to: 'all' }));
    const { user, submit } = setup();
    await user.click(screen.getByTestId('admin-msg-to-all'));
    expect(screen.queryByTestId('admin-msg-account')).toBeNull();
    expect(screen.getByTestId('admin-msg-send').textContent).toBe(en('msg.admin.sendAll'));
    await user.type(screen.getByTestId('admin-msg-title'), 'Maintenance');
    await user.type(screen.getByTestId('admin-msg-body'), 'Tonight');
    await submit();
    expect(sent()[0]?.[1]).toEqual({ method: 'POST', body: { to: 'all', title: 'Maintenance', body: 'Tonight' } });
  });

  it('checks with the contract schema before sending: account, title and body', async () => {
    const { submit } = setup();
    await submit();
    expect(sent()).toEqual([]);
    expect(screen.getByTestId('field-error-account').textContent).toBe(en('errors:MESSAGE_RECIPIENT_REQUIRED'));
    expect(screen.getByTestId('field-error-title').textContent).toBe(en('errors:MESSAGE_TITLE_FORMAT'));
    expect(screen.getByTestId('field-error-body').textContent).toBe(en('errors:MESSAGE_BODY_FORMAT'));
    expect(screen.getByTestId('admin-msg-body').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal under the field it names", async () => {
    request.mockImplementation(() =>
      Promise.reject(
        new ApiError(404, 'MESSAGE_RECIPIENT_NOT_FOUND', en('errors:MESSAGE_RECIPIENT_NOT_FOUND'), 'account'),
      ),
    );
    const { user, submit } = setup();
    await user.type(screen.getByTestId('admin-msg-account'), 'nobody');
    await user.type(screen.getByTestId('admin-msg-title'), 'Hi');
    await user.type(screen.getByTestId('admin-msg-body'), 'x');
    await submit();
    expect((await screen.findByTestId('field-error-account')).textContent).toBe(
      en('errors:MESSAGE_RECIPIENT_NOT_FOUND'),
    );
  });
});
