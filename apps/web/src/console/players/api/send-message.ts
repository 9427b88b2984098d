import { useMutation } from '@tanstack/react-query';
import { API, type AdminMessageSendAnswer, type AdminMessageSendRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Operator: a message to one player (by account) or to all players. */
export const useSendMessage = () =>
  useMutation({
    mutationFn: (body: AdminMessageSendRequest) =>
      apiRequest<AdminMessageSendAnswer>(API.adminMsgSend, { method: 'POST', body }),
  });
