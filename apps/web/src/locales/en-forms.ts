/**
 * English texts of the signed-out screens (sign-in, sign-up, password reset, email confirmation, Google sign-in)
 * and the form validation messages (docs/product-rules.md §5; the keys are the messages of the contracts'
 * form schemas). Loaded with those screens and with the signed-in ones (lib/i18n.ts), never by the public
 * share page.
 */
export const enForms = {
  authLayout: {
    panelLabel: 'Greenhouse',
    panelImageAlt: 'A bloom growing inside a glass greenhouse',
    tagline: 'Grow small AI agents by chatting.',
    taglineDetail: 'Describe what you need, train it and take it with you.',
  },

  signIn: {
    heading: 'Welcome Back!',
    text: 'Choose an option to continue',
    google: 'Continue with Google',
    connecting: 'Connecting...',
    divider: 'or',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    forgotPassword: 'Forgot password',
    submit: 'Continue with Email',
    submitting: 'Signing in…',
    noAccount: 'Don’t have an account?',
    signUp: 'Sign up',
  },

  forms: {
    email: 'Email',
    password: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    firstName: 'First name',
    lastName: 'Last name',
    passwordHint:
      '8–64 characters, with a lowercase and an uppercase letter, a digit and one of @ $ ! % * # ? &',
  },

  signUp: {
    heading: 'Create your account',
    text: 'Sign up with your email address to start growing agents.',
    submit: 'Create account',
    submitting: 'Creating account…',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    sent: {
      heading: 'Confirm your email',
      text: 'Check your inbox: we sent a confirmation link to {{email}}',
      detail: 'Open the link to confirm your address, then sign in. The link is valid for 24 hours.',
      noEmail: 'No email? Check your spam folder, or have the link sent again.',
      resend: 'Send the link again',
      signIn: 'Go to sign in',
    },
  },

  resendConfirmation: {
    action: 'Send the confirmation e-mail again',
    sending: 'Sending…',
    sent: 'Done. If {{email}} is waiting for confirmation, a new link is on its way.',
    newLink: 'Send a new link',
  },

  forgotPassword: {
    heading: 'Forgot your password?',
    text: 'Enter the email address of your account and we will send you a link to set a new password.',
    submit: 'Send reset link',
    submitting: 'Sending…',
    remembered: 'Remembered it?',
    sent: {
      title: 'Check your inbox',
      text: 'If an account exists for {{email}}, we sent a link to reset its password.',
      detail: 'The link is valid for 1 hour and works once.',
    },
  },

  resetPassword: {
    heading: 'Set a new password',
    text: 'Choose the new password for your account.',
    submit: 'Set new password',
    submitting: 'Saving…',
    requestNewLink: 'Request a new link',
    done: {
      title: 'Password changed',
      text: 'Your password has been changed. You can now sign in with it.',
      signIn: 'Sign in',
    },
    noToken: {
      title: 'This link is incomplete',
      text: 'The password reset link is missing its code. Open the link from the email again, or request a new one.',
    },
  },

  emailConfirmation: {
    heading: 'Email confirmation',
    confirming: 'Confirming your email address…',
    confirmed: {
      title: 'Email confirmed',
      text: 'Your email address is confirmed. You can now sign in.',
      signIn: 'Sign in',
    },
    alreadyConfirmed: {
      title: 'Email already confirmed',
      text: 'This link was used before: your email address is already confirmed.',
    },
    awaitingApproval: {
      title: 'Email confirmed',
    },
    failed: {
      title: 'We could not confirm your email',
      noToken: 'The confirmation link is incomplete: it has no code.',
      resendHeading: 'Get a new link',
      resendText: 'Enter the email address you signed up with and we will send you a new confirmation link.',
    },
  },

  googleSso: {
    heading: 'Signing in with Google',
    finishing: 'Finishing your Google sign-in…',
    signInWithPassword: 'Sign in with your password',
    failedTitle: 'Google sign-in did not work',
    notActiveTitle: 'Account under verification',
    off: {
      title: 'Google sign-in is off',
      text: 'This Greenhouse server does not offer sign-in with Google. Sign in with your email and password.',
    },
    cancelled: {
      title: 'Google sign-in cancelled',
      text: 'You did not finish signing in with Google. You can try again or sign in with your email.',
    },
  },

  // Form validation messages (docs/product-rules.md §5). Keys are the messages of the contracts' form
  // schemas.
  invalidEmail: 'Enter a valid email address.',
  passwordMinLength: 'Password must be at least 8 characters long.',
  passwordMaxLength: 'Password cannot be more than 64 characters long.',
  passwordFormat:
    'Password must contain a lowercase letter, an uppercase letter, a digit and one of @ $ ! % * # ? &, and no other characters.',
  passwordsMustMatch: 'Passwords must match.',
  firstNameMinLength: 'First name must be at least 1 character long.',
  firstNameMaxLength: 'First name cannot be more than 32 characters long.',
  lastNameMinLength: 'Last name must be at least 1 character long.',
  lastNameMaxLength: 'Last name cannot be more than 64 characters long.',
  chatTitleRequired: 'Chat title is required.',
  chatTitleMinLength: 'Chat title must be at least 1 character long.',
  chatTitleMaxLength: 'Chat title cannot be more than 255 characters long.',
  bloomNameRequired: 'Bloom name is required.',
  bloomNameMinLength: 'Bloom name must be at least 1 character long.',
  bloomNameMaxLength: 'Bloom name cannot be more than 255 characters long.',
  fileRequired: 'File is required.',
  fileMustBeJson: 'Only .json files are accepted.',
  validation: {
    required: 'This field is required.',
    email: 'Enter a valid email address.',
    stringMin: 'Must be at least {{min}} characters long.',
    stringMax: 'Cannot be more than {{max}} characters long.',
    numberMin: 'Must be at least {{min}}.',
    numberMax: 'Cannot be more than {{max}}.',
    arrayMin: 'Choose at least {{min}}.',
  },
};
