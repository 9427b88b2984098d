/** Account and password rules, shared by the API's validation and the web's forms. */
export const ACCOUNT_RE = /^[A-Za-z0-9]{4,20}$/;
/** At registration: 6–15 letters and numbers. */
export const REGISTER_PASSWORD_RE = /^[A-Za-z0-9]{6,15}$/;
/** At login: 6–20 characters (older accounts and operators may have longer ones). */
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 20;
export const NICKNAME_MAX = 20;
