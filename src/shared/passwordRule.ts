/** Password rule of every account: 8 to 64 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** Whether a new password is acceptable (the server checks it again). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    password.trim() === password
  );
}
