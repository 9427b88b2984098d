// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type SupportDetail } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { OpenForm } from './open-form.tsx';
import { ReplyForm } from './reply-form.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const DETAIL: SupportDetail = {
  id: 12,
  subject: 'Deposit missing',
  status: 'open',
  last_message: 'I paid',
  last_message_at: 1_795_000_000_000,
  created_at: 1_795_000_000_000,
  closed_at: null,
  messages: [{ id: 1, from: 'player', body: 'I paid', image: null, created_at: 1_795_000_000_000 }],
};
const sent = (path: string) => request.mock.calls.filter(([p]) => p === path);
const formError = () => screen.getByTestId('form-error');

beforeEach(() => {
  request.mockReset();
});

describe('OpenForm', () => {
  it('sends the trimmed subject and message and hands back the new conversation', async () => {
    request.mockImplementation(() => Promise.resolve(DETAIL));
    const onOpened = vi.fn();
    const { user } = renderWithApp(<OpenForm onOpened={onOpened} />);
    await user.type(screen.getByTestId('support-subject'), '  Deposit missing ');
    await user.type(screen.getByTestId('support-body'), ' I paid ');
    await user.click(screen.getByTestId('support-open-submit'));
    expect(sent(API.supportOpen)).toEqual([
      [API.supportOpen, { method: 'POST', body: { subject: 'Deposit missing', body: 'I paid' } }],
    ]);
    expect(onOpened).toHaveBeenCalledWith(DETAIL);
  });

  it('checks with the contract before sending: both fields required', async () => {
    const { user } = renderWithApp(<OpenForm onOpened={vi.fn()} />);
    await user.click(screen.getByTestId('support-open-submit'));
    expect(screen.getByTestId('field-error-subject').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(screen.getByTestId('field-error-body').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    await user.type(screen.getByTestId('support-subject'), '   ');
    await user.type(screen.getByTestId('support-body'), 'text');
    await user.click(screen.getByTestId('support-open-submit'));
    expect(screen.getByTestId('field-error-subject').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(sent(API.supportOpen)).toEqual([]);
  });

  it('shows the API refusal (the open-conversation cap) above the button', async () => {
    const msg = 'You can have at most 3 open conversations';
    request.mockImplementationOnce(() => Promise.reject(new ApiError(400, 'SUPPORT_OPEN_LIMIT', msg)));
    const { user } = renderWithApp(<OpenForm onOpened={vi.fn()} />);
    await user.type(screen.getByTestId('support-subject'), 'Again');
    await user.type(screen.getByTestId('support-body'), 'Hello');
    await user.click(screen.getByTestId('support-open-submit'));
    expect(formError().textContent).toBe(msg);
  });
});

describe('ReplyForm', () => {
  it('sends the message with the conversation id and empties the field', async () => {
    request.mockImplementation(() => Promise.resolve(DETAIL));
    const { user } = renderWithApp(<ReplyForm id={12} />);
    await user.type(screen.getByTestId('support-reply'), 'Any news?');
    await user.click(screen.getByTestId('support-reply-submit'));
    expect(sent(API.supportReply)).toEqual([
      [API.supportReply, { method: 'POST', body: { id: 12, body: 'Any news?' } }],
    ]);
    expect(screen.getByTestId<HTMLTextAreaElement>('support-reply').value).toBe('');
  });

  it('refuses an empty message, and shows a closed conversation’s refusal', async () => {
    const { user } = renderWithApp(<ReplyForm id={12} />);
    await user.click(screen.getByTestId('support-reply-submit'));
    expect(screen.getByTestId('field-error-body').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(sent(API.supportReply)).toEqual([]);
    const msg = en('errors:SUPPORT_CLOSED');
    request.mockImplementationOnce(() => Promise.reject(new ApiError(409, 'SUPPORT_CLOSED', msg)));
    await user.type(screen.getByTestId('support-reply'), 'Hello?');
    await user.click(screen.getByTestId('support-reply-submit'));
    expect(formError().textContent).toBe(msg);
    expect(screen.getByTestId<HTMLTextAreaElement>('support-reply').value).toBe('Hello?');
  });

  it('sends an image alone as multipart, and the picker empties', async () => {
    request.mockImplementation(() => Promise.resolve(DETAIL));
    const { user } = renderWithApp(<ReplyForm id={12} />);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'slip.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId<HTMLInputElement>('support-image'), file);
    expect(screen.getByTestId('support-image-name').textContent).toBe('slip.jpg');
    await user.click(screen.getByTestId('support-reply-submit'));
    const [upload] = sent(API.supportReply);
    const opts = upload?.[1] as { method: string; body: FormData };
    expect(opts.method).toBe('POST');
    expect(opts.body).toBeInstanceOf(FormData);
    expect(opts.body.get('id')).toBe('12');
    expect(opts.body.get('body')).toBe('');
    expect((opts.body.get('image') as File).name).toBe('slip.jpg');
    expect(screen.getByTestId('support-image-name').textContent).toBe(en('support.noImage'));
  });
});
