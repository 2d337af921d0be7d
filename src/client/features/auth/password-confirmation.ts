/** The confirmation field every choose-a-password form has (set-password, first-owner setup). */
export const passwordsDifferMessage = "Passwords do not match.";
export const confirmPasswordMessage = "Please confirm your password.";
