import { useMutation } from '@tanstack/react-query';
import { API, type AdminMsgSendAnswer, type AdminMsgSendRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Operator: a message to one player (by account) or to all players. */
export const useSendMessage = () =>
  useMutation({
    mutationFn: (body: AdminMsgSendRequest) =>
      apiRequest<AdminMsgSendAnswer>(API.adminMsgSend, { method: 'POST', body }),
  });
