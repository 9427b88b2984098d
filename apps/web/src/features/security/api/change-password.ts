import { useMutation } from '@tanstack/react-query';
import { API, type ChangePasswordRequest } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Changing the login password revokes every other session of the account. */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<unknown>(API.changePassword, { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
