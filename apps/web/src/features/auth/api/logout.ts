import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutResponse } from '@salon/contract/auth';
import { api } from '../../../shared/api/api';
import { session } from '../../../shared/session/session';

// POST /logout revokes the session on the server.
export function logout() {
  return api.request({ method: 'POST', path: '/logout', schema: logoutResponse });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Signing out must work offline too: the local session ends whatever the server said.
    onSettled: () => {
      session.clear();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
