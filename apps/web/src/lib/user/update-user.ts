import type { UserUpdateBody, UserUpdateResponse } from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { userQueryKey } from './get-user';

/** PATCH /api/auth/update_user_by_phone/ with every profile field (docs/product-spec.md section 7). */
export function updateUser(body: UserUpdateBody): Promise<UserUpdateResponse> {
  return apiRequest<UserUpdateResponse>('/auth/update_user_by_phone/', {
    method: 'PATCH',
    body,
    redirectOn401: false,
  });
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (response) => {
      queryClient.setQueryData(userQueryKey(response.data.phone_number), response.data);
    },
  });
}
