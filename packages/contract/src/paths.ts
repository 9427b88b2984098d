/** Every API path in one place (api.md). */
export const API = {
  home: '/api/index/index',
  games: '/api/game/games',
  category: '/api/game/category',
  register: '/api/user/register',
  login: '/api/user/login',
  guest: '/api/user/guest',
  logout: '/api/user/logout',
  profile: '/api/user/index',
} as const;
