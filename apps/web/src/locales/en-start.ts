/**
 * English texts of what any page may show (page titles, errors, notifications, API messages): in the first bundle.
 * The signed-out screens' texts are en-forms.ts, the share page's and the playground's en-try.ts and the signed-in
 * screens' en-app.ts, each loaded with its screens (lib/i18n.ts). Together they are `en` (en.ts).
 */
export const enStart = {
  common: {
    appName: 'Greenhouse',
    loading: 'Loading…',
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    saving: 'Saving…',
    delete: 'Delete',
    deleting: 'Deleting…',
    tryAgain: 'Try again',
    home: 'Greenhouse home',
    backToSignIn: 'Back to sign in',
    opensInNewTab: '(opens in a new tab)',
    skipToContent: 'Skip to content',
  },

  language: {
    label: 'Language',
    en: 'English',
    pl: 'Polski',
  },

  titles: {
    signIn: 'Sign in',
    signUp: 'Sign up',
    forgotPassword: 'Forgot password',
    resetPassword: 'Reset password',
    emailConfirmation: 'Email confirmation',
    googleSso: 'Google sign-in',
    flora: 'Inference Engine',
    profile: 'Profile',
    settings: 'Settings',
    admin: 'Admin Panel',
    adminUser: 'User profile',
    newChat: 'New chat',
    chat: 'Chat',
    newAgent: 'New agent',
    agent: 'Agent',
    error: 'Something went wrong',
  },

  errorPage: {
    title: 'Oops! Something went wrong',
    goBack: 'Go Back',
    unknown: 'An unexpected error occurred.',
    configFailed: 'Greenhouse could not load its configuration. Check your connection and try again.',
  },

  serviceUnavailable: {
    title: 'Service is currently unavailable',
    text: 'Greenhouse cannot reach its server right now. If you were signed in, you still are.',
    autoRetry: 'The page tries again by itself every few seconds; you can also try now.',
    retrying: 'Trying again…',
  },

  toast: {
    region: 'Notifications',
    dismiss: 'Dismiss',
  },

  // A text for every API error code (docs/product-rules.md §8); `unknown_error` is the fallback for anything
  // else.
  apiErrors: {
    FORBIDDEN: 'You are not allowed to do this.',
    SERVICE_UNAVAILABLE: 'Service is currently unavailable. Please try again in a moment.',
    INTERNAL: 'Something went wrong on our side. Please try again.',
    NOT_FOUND: 'The requested item was not found.',
    NOT_IMPLEMENTED_YET: 'This feature is not available yet.',
    http_error: 'The request failed. Please try again.',
    unknown_error: 'An unknown error occurred. Please try again.',
    BAD_REQUEST: 'The request was not valid.',
    UNAUTHORIZED: 'You are not signed in.',
    PAYLOAD_TOO_LARGE: 'The upload is too large.',
    REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
    UNSUPPORTED_MEDIA_TYPE: 'This type of content is not supported.',
    TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
    CONFLICT: 'This conflicts with the current state. Refresh and try again.',
    CSRF_INVALID: 'Your session token is missing or invalid. Refresh the page and try again.',
    validation: {
      required: 'This field is required.',
      email: 'Enter a valid email address.',
      stringMin: 'The value is too short.',
      stringMax: 'The value is too long.',
      numberMin: 'The value is too small.',
      numberMax: 'The value is too large.',
      arrayMin: 'Too few items were chosen.',
      invalid_characters: 'The text contains characters that cannot be saved (such as a NUL character).',
    },
    account: {
      not_found: 'Account not found.',
      registered_with_social_provider: 'This account signs in with Google, so this option is not available.',
      first_name_required: 'First name is required.',
      first_name_too_long: 'First name cannot be more than 32 characters long.',
      last_name_required: 'Last name is required.',
      last_name_too_long: 'Last name cannot be more than 64 characters long.',
      new_password_same_as_current_password: 'The new password must be different from the current one.',
      invalid_current_password: 'The current password is incorrect.',
      password_too_short: 'Password must be at least 8 characters long.',
      password_too_long: 'Password cannot be more than 64 characters long.',
      password_invalid:
        'Password must contain a lowercase letter, an uppercase letter, a digit and one of @ $ ! % * # ? &.',
      role_invalid: 'This role is not valid.',
      prompts_insufficient: 'You have no prompts left. Please wait for your allowance to renew.',
      cannot_delete_self: 'You cannot delete your own account here. Use Settings → Delete my account.',
      last_admin: 'This is the last active admin. Make another account an admin first.',
      reauthentication_needed:
        'For your safety, sign in with Google again, then delete the account within 5 minutes.',
    },
    authorization: {
      unauthorized: 'You are not signed in.',
      session_expired: 'Your session has expired. Please sign in again.',
      email_already_in_use: 'This email address is already in use.',
      email_required: 'Email is required.',
      email_invalid: 'Enter a valid email address.',
      password_required: 'Password is required.',
      password_too_short: 'Password must be at least 8 characters long.',
      password_too_long: 'Password cannot be more than 64 characters long.',
      password_invalid:
        'Password must contain a lowercase letter, an uppercase letter, a digit and one of @ $ ! % * # ? &.',
      first_name_required: 'First name is required.',
      first_name_too_long: 'First name cannot be more than 32 characters long.',
      last_name_required: 'Last name is required.',
      last_name_too_long: 'Last name cannot be more than 64 characters long.',
      invalid_credentials: 'Invalid email or password.',
      account_not_active: 'Account is under verification. You will receive an email when it is approved.',
      email_not_confirmed: 'Please confirm your email address first. Check your inbox for the link.',
      invalid_email_confirmation_token: 'This email confirmation link is not valid.',
      email_confirmation_token_already_sent:
        'A confirmation email was sent recently. Please try again later.',
      invalid_or_expired_password_reset_token: 'This password reset link is invalid or has expired.',
      password_reset_token_already_sent: 'A password reset email was sent recently. Please try again later.',
      sso_invalid_state: 'Google sign-in failed. Please try again.',
      sso_invalid_code: 'Google sign-in failed. Please try again.',
      account_already_registered_with_email:
        'An account with this email already exists. Sign in with your email and password.',
      account_not_registered_with_email: 'This account signs in with Google. Use Continue with Google.',
      failed_to_get_user_data: 'We could not get your data from Google. Please try again.',
    },
    bloom: {
      not_found: 'Agent not found.',
      missing_file: 'File is required.',
      invalid_file: 'Invalid file. A JSON file is expected.',
      invalid_json: 'The file does not contain valid JSON.',
      name_required: 'Bloom name is required.',
      name_too_long: 'Bloom name cannot be more than 128 characters long.',
      file_name_too_long: 'File name cannot be more than 128 characters long.',
      file_not_found: 'File not found.',
      not_failed: 'Only a failed agent can be retried.',
      version_in_progress: 'A version of this agent is still in the works; wait until it finishes.',
      version_not_found: 'Version not found.',
      only_version: 'The only version of an agent cannot be deleted; delete the agent instead.',
      not_editable:
        'This protocol cannot be edited in the draft editor; edit the file and upload it as a new version.',
    },
    chat: {
      not_found: 'Chat not found.',
      title_required: 'Chat title is required.',
      title_too_long: 'Chat title cannot be more than 255 characters long.',
      message_empty: 'Message cannot be empty.',
      message_too_long: 'Message cannot be more than 256 characters long.',
      not_ready_to_generate: 'This chat is not ready to create an agent yet.',
      closed: 'This chat is closed.',
      answering: 'Please wait until the current answer is finished.',
    },
    session: {
      not_found: 'This session has already ended.',
    },
    token: {
      not_found: 'Token not found.',
      name_required: 'Token name is required.',
      name_too_long: 'Token name cannot be more than 64 characters long.',
      limit_reached: 'You have reached the limit of 20 API tokens. Delete one before creating another.',
    },
    share: {
      not_found: 'This link does not work: it was revoked, or its agent was deleted.',
    },
    access: {
      forbidden: 'You do not have access to this.',
    },
    query: {
      invalid_param: 'The request contained an invalid parameter.',
    },
    header: {
      invalid: 'The request contained an invalid header.',
    },
    model: {
      not_found: 'Model not found.',
      name_required: 'Model name is required.',
      name_too_long: 'Model name cannot be more than 255 characters long.',
      files_not_found: 'The model files were not found.',
    },
    payment: {
      already_paid: 'This agent is already paid for.',
      not_found: 'Payment not found.',
      not_initialized: 'The payment has not been started yet.',
      customer_not_found: 'No billing account was found for you.',
    },
  },
};
