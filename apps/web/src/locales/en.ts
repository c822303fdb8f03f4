import type { DraftGap, ProblemKey } from '@greenhouse/mtp';

/** `mtp.required` → `required`: the keys of `mtp` below, one for each problem the protocol validator knows. */
type ProblemTextKey<K> = K extends `mtp.${infer Name}` ? Name : never;

/**
 * English texts. The shape of this object is the shape every other language must have (see pl.ts).
 * Top-level validation keys (invalidEmail, chatTitleRequired, …) are the i18n keys that the form schemas of
 * @greenhouse/contracts use as messages (spec §5); `apiErrors` has a text for every API error code (spec §8).
 */
export const en = {
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
    email: 'Email',
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

  profile: {
    heading: 'Profile',
    text: 'Your account details, password and prompt allowance.',
    tabsLabel: 'Profile sections',
    settingsLink: 'Settings',
    tabs: {
      account: 'Account',
      password: 'Password',
      prompts: 'Prompts',
    },
    account: {
      detailsHeading: 'Personal details',
      emailHint: 'Your email address cannot be changed.',
      save: 'Save changes',
      saved: 'Your details have been saved.',
      statusHeading: 'Account status',
      role: 'Role',
      roles: { admin: 'Administrator', user: 'User' },
      active: 'Active',
      emailConfirmed: 'Email confirmed',
      yes: 'Yes',
      no: 'No',
      settingsHint: 'Downloading your data and deleting your account are in',
    },
    password: {
      heading: 'Change password',
      text: 'After the change, your other devices are signed out; this one stays signed in.',
      submit: 'Change password',
      submitting: 'Changing…',
      changed: 'Your password has been changed. Your other devices have been signed out.',
      googleOnly:
        'Your account signs in with Google, so it has no password to change here. Manage your sign-in in your Google account.',
    },
    prompts: {
      heading: 'Prompt allowance',
      text: 'Each message you send in a chat uses one prompt. The allowance starts again at every renewal.',
      adminText: 'As an administrator, you can send as many prompts as you like.',
      limit: 'Prompts limit per month (0 means the default limit)',
      used: 'Prompts used',
      left: 'Prompts left',
      renewalDays: 'Renewal frequency in days (0 means the default)',
      nextRenewal: 'Next renewal',
      noRenewal: 'Not scheduled',
    },
  },

  settings: {
    heading: 'Settings',
    text: 'Your language, where you are signed in, API tokens, your data and your account.',
    language: {
      legend: 'Language',
      hint: 'The language of the screens and of the emails we send you.',
    },
    save: 'Save settings',
    saved: 'Your settings have been saved.',
    sessions: {
      heading: 'Where you are signed in',
      text: 'The browsers and devices signed in to your account. If you do not recognise one, sign it out and change your password.',
      listLabel: 'Your sessions',
      loading: 'Loading your sessions…',
      unknownDevice: 'Unknown device',
      unknownAddress: 'Unknown',
      thisDevice: 'This device',
      address: 'Address',
      lastSeen: 'Last seen',
      signOut: 'Sign out',
      signOutLabel: 'Sign out {{device}}, last seen {{lastSeen}}',
      signingOut: 'Signing out…',
      signedOut: '{{device}} has been signed out.',
      signOutOthers: 'Sign out all other sessions',
      noOthers: 'No other browser or device is signed in.',
      confirmTitle: 'Sign out all other sessions',
      confirmMessage: 'Sign out every other browser and device? This device stays signed in.',
      confirm: 'Sign out all',
      othersSignedOut: 'All other sessions have been signed out.',
    },
    tokens: {
      heading: 'Personal API tokens',
      text: 'Use the Greenhouse API from your own scripts with a token, sent in this header of every request. A token acts with your rights, so keep it as secret as a password.',
      createHeading: 'Create a token',
      name: 'Name',
      nameHint: 'What it is for, e.g. “backup script”.',
      expiry: 'Expires after',
      days: '{{count}} days',
      create: 'Create token',
      creating: 'Creating…',
      newHeading: 'Your new token “{{name}}”',
      newWarning:
        'Copy it now: it will not be shown again. Anyone who has it can use your account through the API.',
      newLabel: 'New token',
      copy: 'Copy',
      copied: 'Copied to the clipboard.',
      copyFailed: 'Could not copy it. Select the token and copy it yourself.',
      done: 'Done',
      listHeading: 'Your tokens',
      loading: 'Loading your tokens…',
      none: 'You have no API tokens yet.',
      createdAt: 'Created',
      expiresAt: 'Expires',
      lastUsedAt: 'Last used',
      neverUsed: 'Never',
      expired: 'Expired',
      revoke: 'Revoke',
      revokeLabel: 'Revoke the token {{name}}',
      revoking: 'Revoking…',
      revokeTitle: 'Revoke token',
      revokeMessage:
        'Revoke the token “{{name}}”? Scripts that use it stop working at once. This cannot be undone.',
      revoked: 'The token “{{name}}” has been revoked.',
    },
    export: {
      heading: 'Download my data',
      text: 'One JSON file with your account, your chats with their messages and drafts, and your agents with their protocols.',
      button: 'Download my data',
      preparing: 'Preparing your file…',
      done: 'Your data has been downloaded.',
    },
    delete: {
      heading: 'Delete my account',
      text: 'Deleting your account also deletes your chats, agents, API tokens and sessions. This cannot be undone.',
      button: 'Delete my account',
      dialogTitle: 'Delete my account',
      dialogMessage:
        'Delete the account {{email}} with all its chats and agents? You will be signed out. This cannot be undone.',
      password: 'Your password',
      passwordHint: 'Enter it to confirm that it is you.',
      passwordRequired: 'Enter your password.',
      confirm: 'Delete my account',
      deleting: 'Deleting…',
      googleText:
        'Your account signs in with Google. To confirm that it is you, sign in with Google again: then you have 5 minutes to delete the account. You will be signed out here and brought back to this page.',
      googleRecent: 'Signed in with Google in the last 5 minutes? Then you can delete the account now.',
      googleOff:
        'Google sign-in is turned off on this server, so an administrator has to delete this account for you.',
      googleButton: 'Sign in with Google again',
      googleConnecting: 'Connecting…',
      googleBack: 'You have signed in with Google again. You can now delete your account within 5 minutes.',
      deleted: 'Your account has been deleted.',
    },
  },

  screens: {
    admin: {
      heading: 'Admin Panel',
      text: 'Managing users and their prompt allowances will be available here soon.',
    },
    adminUser: {
      heading: 'User profile',
      text: 'The details of user {{userId}} will be shown here soon.',
    },
  },

  newChat: {
    heading: 'New chat',
    intro:
      'Describe the agent you want to grow. The designer asks what it needs to know and writes a training draft as you answer: a name, what the agent knows, how it can react and example exchanges. You can edit the draft yourself at any time, and create the agent once nothing is missing.',
    // Which designer runs here (the server says so with the demos).
    mode: {
      guided:
        'No AI model is set up on this Greenhouse, so a guided interview asks its questions one at a time.',
      model: 'An AI model answers you and fills in the draft as you talk.',
    },
    noPrompts:
      'You have no prompts left, so you cannot write your own message now. The demos below are free: each opens with a complete draft, ready to generate an agent from.',
    noPromptsShort: 'No prompts left: try a free demo below.',
    messageLabel: 'What should your agent be, and who talks to it?',
    placeholder: 'For example: a friendly barista who takes coffee orders from customers',
    demosHeading: 'Or try a demo',
    demosText:
      'Free, no prompt used: each demo opens a chat with a complete draft we wrote, ready to generate an agent from. You can change it first.',
    demosLoading: 'Loading the demos…',
    demosFailed: 'Could not load the demos.',
    noDemos: 'There are no demos to try right now.',
    startDemo: 'Start this demo',
    startingDemo: 'Starting the chat…',
  },

  composer: {
    send: 'Send',
    sending: 'Sending…',
    hint: 'Enter sends, Shift+Enter starts a new line.',
    counter: '{{count}} of {{max}} characters',
    chatLabel: 'Your message',
    chatPlaceholder: 'Write your answer…',
    waitAnswer: 'The designer is writing. You can send your next message once it has finished.',
    editingDraft: 'Save or cancel your changes to the draft to go on with the chat.',
    noPrompts:
      'You have no prompts left, so you cannot send a message now. Editing the draft and generating the agent stay free.',
    promptsLeft: 'Each message uses one prompt · {{left}}',
  },

  chat: {
    loadFailed: 'Could not load this chat.',
    notFound: {
      heading: 'Chat not found',
      text: 'This chat does not exist or is not yours. It may have been deleted.',
      link: 'Start a new chat',
    },
    tabsLabel: 'Chat panes',
    tabs: {
      conversation: 'Conversation',
      designer: 'Draft',
      missing: '{{count}} missing',
      ready: 'ready',
    },
    conversationHeading: 'Conversation',
    messagesLabel: 'Messages',
    mode: {
      guided:
        'Guided interview: no AI model is set up here, so the designer asks its questions in a fixed order.',
      model: 'An AI model answers you and fills in the draft.',
    },
    noMessages: 'No messages yet.',
    you: 'You',
    designer: 'Designer',
    writing: 'Writing…',
    answered: 'The designer answered: {{text}}',
    status: {
      failed: 'This answer failed, and your prompt was given back. Try sending your message again.',
      interrupted: 'This answer was interrupted before it was finished.',
    },
    closed: {
      text: 'This chat has created its agent and is closed. The agent trains on its own page.',
      link: 'Open the agent',
      agentDeleted: 'This chat created an agent and is closed. That agent has since been deleted.',
    },
    // What a draft still lacks (packages/mtp draftGaps), by gap key.
    gaps: {
      name: 'Give the agent a name.',
      description: 'Say what the agent is and who talks to it.',
      reactions: 'Add at least one reaction: a way the agent can react to what it hears.',
      duplicateReaction: 'Two reactions are named “{{reaction}}”: give each its own name.',
      reservedReaction: '“{{reaction}}” is reserved: choose another name for this reaction.',
      reactionExamples:
        'The reaction “{{reaction}}” needs at least {{minimum}} example exchanges (it has {{count}}).',
      unknownReaction:
        'An example in “{{instruction}}” uses the reaction “{{reaction}}”, which is not in the list of reactions.',
      duplicateInstruction: 'Two instruction sets are named “{{instruction}}”: give each its own name.',
      instructionSamples:
        'The instruction set “{{instruction}}” has no examples yet (it needs at least {{minimum}} per reaction).',
      guardrailOutput: 'Say what the agent answers to anything off topic.',
      guardrailExamples:
        'Give at least {{minimum}} examples of what the agent must refuse (there are {{count}}).',
      guardrailDigits: 'The example to refuse “{{example}}” contains digits, which are not allowed.',
      protocol: 'The protocol check found a problem: {{message}}',
    } satisfies Record<DraftGap['key'], string>,
  },

  draft: {
    heading: 'Agent draft',
    intro: 'What the agent will learn. It grows as you chat; you can also edit it yourself.',
    editingNote: 'Change anything, then save. Saving the draft is free.',
    edit: 'Edit',
    editWait: 'The draft can be edited once the designer has finished writing.',
    bodyLabel: 'The draft so far',
    editorLabel: 'Edit the agent draft',
    save: 'Save the draft',
    saved: 'Draft saved.',
    formInvalid: 'Some fields need fixing before the draft can be saved.',
    notYet: 'Not given yet',
    missingHeading: 'What is still missing',
    nothingMissing: 'Nothing is missing: the agent can be generated.',
    name: 'Name',
    description: 'What it is and who talks to it',
    context: 'World facts',
    fact: 'Fact {{n}}',
    addFact: 'Add a fact',
    removeFact: 'Remove fact {{n}}',
    tokens: 'Tokens',
    tokensHint: 'Follow from the draft: one for what is heard, one for the reply and one per reaction.',
    reactions: 'Reactions',
    reactionsHint: 'Ways the agent can react. A name is letters and digits, like Greet or Refuse.',
    reaction: 'Reaction {{n}}',
    reactionName: 'Reaction name',
    reactionDescription: 'When it reacts this way',
    addReaction: 'Add a reaction',
    removeReaction: 'Remove reaction {{n}}',
    noReactions: 'No reactions yet',
    instructions: 'Instructions',
    instructionsHint: 'Example exchanges: what someone says, what the agent answers and how it reacts.',
    instructionName: 'Instruction name',
    addInstruction: 'Add an instruction set',
    removeInstruction: 'Remove the instruction set {{name}}',
    examplesCount: 'Examples: {{count}}',
    sampleInput: 'Someone says',
    sampleOutput: 'The agent answers',
    sampleReaction: 'Reaction',
    example: 'Example {{n}}',
    addSample: 'Add an example',
    removeSample: 'Remove example {{n}}',
    guardrail: 'What it refuses',
    guardrailHint: 'Things off topic that the agent answers with one fixed reply. Leave both empty for none.',
    guardrailOutput: 'Its answer to anything off topic',
    guardrailExamples: 'Examples it must refuse',
    badExample: 'Example to refuse {{n}}',
    addBadExample: 'Add an example to refuse',
    removeBadExample: 'Remove example to refuse {{n}}',
    noGuardrail: 'Nothing: the agent has no guardrail.',
    errors: {
      reactionName: 'Use letters and digits only, starting with a letter (no spaces).',
      instructionName: 'Use lowercase letters, digits and underscores, starting with a letter.',
      tooMany: 'At most {{max}} items.',
    },
  },

  generate: {
    button: 'Generate agent',
    generating: 'Generating…',
    hasGaps: 'Complete the draft first: see what is still missing.',
    waitAnswer: 'Wait until the designer has finished writing.',
    created: 'Agent “{{name}}” created. Its training has started.',
    createdTitle: 'Agent created',
    createdText: 'The chat is closed now; the agent trains on its own page.',
    openAgent: 'Open the agent',
  },

  newAgent: {
    heading: 'New agent',
    formHeading: 'Upload JSON File',
    nameLabel: 'Name (optional)',
    namePlaceholder: 'Enter name for your agent...',
    fileLabel: 'Protocol file (.json, up to 2 MB)',
    dropTitle: 'Drag & drop a JSON file',
    dropHint: 'or click to browse',
    dropRelease: 'Drop the file here',
    replaceHint: 'Drop another file or click to replace it',
    chosenFile: 'Chosen file',
    removeFile: 'Remove {{name}}',
    submit: 'Create agent',
    submitting: 'Uploading…',
    created: 'Agent “{{name}}” created.',
    help: {
      summary: 'What is a protocol file?',
      intro:
        'A protocol file describes your agent in the Model Train Protocol (MTP) format: a JSON file whose "$schema" names its version (for example …/v2/bloom_2_0_1.json).',
      fields:
        'It gives the agent a "name", the number of "inputs" (input lines of a sample), "model_type" "generative", background sentences in "context" and every token it uses in "tokens".',
      sets: 'Under "instruction", each set lists a token row per line, at least 3 samples (one text per line and a result token) and guardrails with bad examples.',
      checks:
        'Before the agent is created, the file is checked against its schema and the protocol’s rules: known tokens, enough samples per result, numbers within their ranges. Every problem is listed with where it is in the file.',
    },
  },

  upload: {
    errors: {
      fileTooLarge: 'The file is larger than 2 MB. Choose a smaller file.',
      oneFile: 'Drop a single file.',
      invalidProtocol: 'This is not a valid protocol file. Fix these problems and upload it again:',
      invalidJsonAt: 'The file does not contain valid JSON (line {{line}}, column {{column}}).',
      where: 'Where',
      wholeFile: 'the whole file',
    },
  },

  // Texts of the protocol validator's problem keys (packages/mtp MESSAGES), by key: `mtp.required` etc.
  // Values quoted from the file use the formats quote / quoteList; 0-based indexes nth / nthList.
  protocolProblems: {
    inSet: '(set {{number}})',
    inSetNamed: '(set {{name}})',
    at: '(line {{line}}, column {{column}})',
  },
  mtp: {
    invalidJson: 'The file is not valid JSON: {{reason}}{{at}}.',
    notAnObject: 'A protocol file must be a JSON object.',
    schemaMissing:
      'The file has no "$schema", so its protocol version is unknown. Protocol files name their version, e.g. "$schema": "https://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json".',
    schemaUnknown:
      'The "$schema" {{schema, quote}} is not an MTP protocol schema. Supported versions: {{supported, quoteList}}.',
    schemaVersionUnsupported:
      'Protocol version {{version}} is not supported. Supported versions: {{supported, quoteList}}.',
    wrongFileKind: 'This is a {{kind}} file, not a protocol file. Upload the protocol (bloom) file instead.',
    required: 'The required property {{property, quote}} is missing.',
    invalidType: 'Expected {{expected}} here, found {{received}}.',
    invalidValue: '{{received, quote}} is not allowed here. Allowed values: {{allowed, quoteList}}.',
    tooSmall: 'The number {{received}} is below the minimum of {{minimum}}.',
    tooBig: 'The number {{received}} is above the maximum of {{maximum}}.',
    tooShort: 'The text is too short (minimum length {{minLength}}, it has {{length}}).',
    tooLong: 'The text is too long (maximum length {{maxLength}}, it has {{length}}).',
    tooFewItems: 'The list has too few items (minimum {{minItems}}, it has {{count}}).',
    tooManyItems: 'The list has too many items (maximum {{maxItems}}, it has {{count}}).',
    unknownProperty: 'Unknown property {{property, quote}}.',
    patternMismatch: 'The text does not match the pattern {{pattern}}.',
    noMatchingShape: 'Expected {{expected}} here, found {{received}}.',
    tooFewSamples: 'An instruction set needs at least {{minimum}} samples; this one has {{count}}.',
    tooFewBadExamples: 'A guardrail needs at least {{minimum}} bad examples; this one has {{count}}.',
    modelTypeNotSupported:
      'Model type {{modelType, quote}} is not supported yet: Greenhouse trains generative models only.',
    nameTooLong: 'The agent name may have at most {{maximum}} characters (it has {{length}}).',
    setNameTooLong: 'The instruction set name may have at most {{maximum}} characters (it has {{length}}).',
    duplicateSetName:
      'Two instruction sets are named {{name, quote}}; set names must be unique (sets {{sets, nthList}}).',
    memoryMismatch:
      '"memory" must be the number of input lines plus the response line: {{expected}} (inputs {{inputs}} + 1), not {{memory}}.',
    setRowCount:
      'The set needs one token row per line ({{expected}}: the input lines, then the response line) but has {{count}}{{where}}.',
    emptyRow: 'Token row {{line, nth}} is empty; every line needs at least one token{{where}}.',
    unknownToken: 'The token {{token, quote}} is not defined in "tokens"{{where}}.',
    tokenNotAllowedInRow:
      'The token {{token, quote}} is a {{kind}} and cannot be part of a token row; rows take Token, NumToken and NumListToken only{{where}}.',
    tokenKeyInvalid: 'The token key {{key, quote}} may contain only letters, digits, underscores and emoji.',
    duplicateTokenKey:
      'The tokens {{tokens, quoteList}} share the key {{key, quote}}; the model could not tell them apart.',
    numRangeMissing: 'The {{kind}} {{token, quote}} needs a numeric "min_value" and "max_value".',
    numRangeInverted: 'The token {{token, quote}} has "min_value" {{min}} above "max_value" {{max}}.',
    numListLengthMissing:
      'The NumListToken {{token, quote}} needs a list length of at least 1 in "length" (or "num_list").',
    numListLengthConflict:
      'The NumListToken {{token, quote}} has "length" {{length}} but "num_list" {{numList}}.',
    stringsPerLine:
      'A sample needs exactly one string per line: {{expected}} (the input lines, then the response), but has {{count}}{{where}}.',
    numbersPerLine:
      '"numbers" must hold one list per line ({{expected}} lists, each with the numbers of that line’s NumTokens), or be [] when no line has a NumToken{{where}}.',
    numbersCount: 'Line {{line, nth}} needs one number per NumToken ({{expected}}), not {{count}}{{where}}.',
    numberListsPerLine:
      '"number_lists" must hold one entry per line ({{expected}} entries, each with one list per NumListToken of that line), or be [] when no line has a NumListToken{{where}}.',
    numberListsCount:
      'Line {{line, nth}} needs one number list per NumListToken ({{expected}}), not {{count}}{{where}}.',
    numberListLength: 'The list for {{token, quote}} needs length {{expected}}, not {{length}}{{where}}.',
    numberOutOfRange:
      'The number {{value}} for {{token, quote}} is outside its range {{min}}…{{max}}{{where}}.',
    resultNotFinal:
      'The result {{token, quote}} is a {{kind}}; a result must be a FinalToken, FinalNumToken or SpecialFinalToken{{where}}.',
    finalValueMissing:
      'The result {{token, quote}} is a FinalNumToken, so the sample needs a number in "value"{{where}}.',
    tooFewSamplesForResult:
      'Every result of a set needs at least {{minimum}} samples; {{token, quote}} has {{count}}{{where}}.',
    guardrailLine:
      'The guardrail "index" {{index}} must point at an input line (0 to {{maxIndex}}){{where}}.',
    duplicateGuardrailLine:
      'Two guardrails of this set guard input line {{index}}; a line can have one guardrail{{where}}.',
    badExampleHasDigits: 'The bad example {{example, quote}} contains digits, which are not allowed.',
    badExampleEmpty: 'A bad example must not be empty.',
    reservedString: 'The text contains {{marker, quote}}, which is reserved for the model’s control tokens.',
    tooManyProblems: 'More problems not shown: {{omitted}}.',
    unknownSet: 'The protocol has no instruction set {{set}}.',
    unknownInstruction:
      'The protocol has no instruction set named {{name, quote}}. Its sets: {{available, quoteList}}.',
    inputCount:
      'Wrong number of input lines: the instruction set needs {{expected}}, not {{count}}{{where}}.',
    slotNumbersCount:
      'Wrong count of numbers for line {{line, nth}}: its slots take {{expected}}, not {{count}}{{where}}.',
    unknownGuardrail: 'The instruction set has no guardrail {{guardrail}}{{where}}.',
    unknownSample: 'The instruction set has no sample {{sample}}{{where}}.',
    valueIgnored:
      'The sample’s "value" is ignored: its result {{token, quote}} is not a FinalNumToken{{where}}.',
    promptIgnored: 'The sample’s "prompt" is not used for training generative sets and is ignored{{where}}.',
    lineBreakInString:
      'The text contains a line break; the model reads one line per string, so it is replaced by a space.',
  } satisfies Record<ProblemTextKey<ProblemKey>, string>,

  agent: {
    eyebrow: 'Agent',
    costLabel: 'Total Cost: {{amount}}',
    costNotAvailable: 'N/A',
    paymentStatus: 'Payment status',
    status: 'Status',
    created: 'Created',
    completed: 'Completed',
    notYet: 'Not yet',
    summary: 'Summary',
    download: 'Download',
    rename: 'Rename',
    delete: 'Delete',
    actions: 'Agent actions',
    goToEngine: 'Go to Inference Engine',
    cpuModel: 'CPU Model',
    floraWordmark: 'flora',
    // Named on /flora, among the formats an agent might come in.
    availableWhenTrained: 'Available when training completes',
    downloadTrainingFailed: 'Not available: the training failed',
    downloadAs: 'Download {{file}}',
    downloading: 'Downloading…',
    loadFailed: 'Could not load this agent.',
    refreshFailed: 'Could not refresh the training progress. Trying again…',
    live: 'Agent status: {{status}}. {{stage}}: {{stageStatus}}.',
    liveSettled: 'Agent status: {{status}}.',
    payment: {
      payAndTrain: 'Pay and train',
      returnToCheckout: 'Return to checkout',
      redirecting: 'Opening the checkout…',
      notInitialized: 'Training starts once the agent is paid for.',
      pending: 'Waiting for the payment to be confirmed. This page updates by itself.',
      processing: 'The payment is being confirmed. Training starts as soon as it is.',
      expired: 'The checkout expired before the payment was made. You can pay again.',
      failed: 'The payment did not go through. You can pay again.',
      returnPaid: 'Payment received. Training has started.',
      returnConfirming: 'Thank you! Your payment is being confirmed; training starts once it is.',
      returnFailed: 'Could not check the payment: {{reason}}',
    },
    notFound: {
      heading: 'Agent not found',
      text: 'This agent does not exist or is not yours. It may have been deleted.',
      link: 'Create a new agent',
    },
    details: {
      noSummary: 'The summary appears once the protocol has been read.',
      showMore: 'Show more',
      showLess: 'Show less',
      instructions: 'Instruction sets',
      reactions: 'Reactions of {{name}}',
      inputs: 'Inputs: {{n}}',
      samples: 'Samples: {{n}}',
      totals: 'Instruction sets: {{sets}} · Samples: {{samples}} · Guardrails: {{guardrails}}',
    },
  },

  playground: {
    heading: 'Playground',
    intro:
      'Run this agent right here: its file is downloaded once and Flora runs it in your browser. Nothing you type leaves this page.',
    downloading: 'Downloading the agent file…',
    starting: 'Starting Flora…',
    fileFailed: 'Could not download the agent file.',
    engineFailed: 'Flora could not start this agent: {{message}}',
    noInstructions: 'This agent has no instructions to run.',
    instruction: 'Instruction',
    line: 'Input line {{n}}',
    numbers: 'Numbers of line {{n}}',
    number: 'Number {{n}}',
    range: '{{min}} to {{max}}',
    numberInvalid: 'Enter a number from {{range}}.',
    run: 'Run',
    running: 'Running…',
    guardrailsHeading: 'Try a guardrail',
    guardrailsText:
      'Off-topic text on line {{n}} that the agent learned to refuse, answering “{{output}}”. Choose one to run it.',
    tryExample: 'Run with “{{example}}” on line {{n}}',
    answer: 'Answer',
    empty: 'The answer appears here, word by word.',
    noText: 'No text this time: only the reaction below.',
    reaction: 'Reaction',
    refused: 'Refused',
    reactionWithValue: '{{name}}: {{value}}',
    tokens: 'Tokens',
    speed: 'Speed',
    tokensPerSecond: '{{value}} tokens/s',
    runFailed: 'The run failed: {{message}}',
    promptTooLong:
      'The input is too long for this agent: it reads at most {{limit}} tokens at once. Shorten the input lines and run it again.',
    announceAnswer: 'Answer: {{output}}. Reaction: {{reaction}}.',
  },

  flora: {
    heading: 'Inference Engine',
    intro:
      'Flora is the engine that runs your trained agents: on your own machine from the command line with Node.js, or inside any web page.',
    points: {
      cpu: 'Runs on the CPU with WebAssembly SIMD: no GPU, no server, no other dependencies.',
      file: 'Reads the one JSON file each trained agent downloads as, and checks its checksums first.',
      private: 'Everything stays on the machine that runs it.',
    },
    downloadsHeading: 'Downloads',
    loadingDownloads: 'Loading the downloads…',
    downloadsFailed: 'Could not load the downloads.',
    noDownloads:
      'This server has no Flora build to hand out yet. Its administrator makes them with npm run build.',
    kinds: {
      browser: {
        name: 'Browser module',
        text: 'One ES module file for web pages and web workers.',
      },
      cli: {
        name: 'Node.js package with CLI',
        text: 'An npm package for Node.js 20 or newer, with the flora command (run, info, bench).',
      },
    },
    file: 'File',
    version: 'Version',
    size: 'Size',
    downloadFile: 'Download {{file}}',
    quickStartHeading: 'Quick start',
    nodeHeading: 'Node.js',
    nodeText: 'Install the package next to your agent file, then run the agent from the terminal.',
    nodeCode: 'Terminal',
    webHeading: 'Web page',
    webText: 'Serve {{file}} and your agent file with your page, then import the engine in a module script.',
    webCode: 'HTML',
    copy: 'Copy',
    copyLabel: 'Copy: {{what}}',
    copied: 'Copied to the clipboard.',
    copyFailed: 'Could not copy: select the text and copy it yourself.',
    formatsHeading: 'Agent downloads',
    formatsText:
      'Each trained agent downloads from its page. The CPU model is one JSON file: a manifest, the instruction template, the tokenizer and float16 weights, each with a SHA-256 checksum.',
    formats: {
      platform: 'Platform',
      format: 'Format',
      availability: 'Availability',
      cpuFormat: 'Agent file (.json), run by Flora',
      cpuAvailability: 'Every trained agent',
    },
    trainLink: 'Train a new agent',
  },

  paymentStatus: {
    not_initialized: 'Not started',
    pending: 'Pending',
    paid: 'Paid',
    expired: 'Expired',
    failed: 'Failed',
    processing: 'Processing',
  },

  stages: {
    listLabel: 'Training stages',
    names: {
      data_preparation_stage_1: 'Preparing Stage 1 Data',
      data_preparation_stage_2: 'Preparing Stage 2 Data',
      data_validation: 'Assuring Data Quality',
      training_tokenizer: 'Training Tokenizer',
      training_pretraining: 'Pretraining Agent',
      training_finetuning: 'Finetuning Agent',
      training_exporting: 'Exporting Agent',
    },
    status: {
      pending: 'Pending',
      processing: 'In progress',
      completed: 'Completed',
      failed: 'Failed',
    },
    inProgressPercent: 'In progress {{percent}}',
    progressLabel: 'Progress of {{stage}}',
    step: 'Step {{step}} of {{total}}',
    errorCode: 'Code: {{code}}',
    failedWithoutReason: 'This stage failed without giving a reason.',
    eta: 'about {{duration}} left',
  },

  stageMetrics: {
    label: 'Metrics of {{stage}}',
    parameters: 'Parameters',
    steps: 'Steps',
    tokensPerSecond: 'Tokens/s',
    trainLoss: 'Training loss',
    validationLoss: 'Validation loss',
    reactionAccuracy: 'Understands new phrasings',
    trainReactionAccuracy: 'Training accuracy',
    vocabularySize: 'Vocabulary',
    corpusTokens: 'Corpus tokens',
    bytes: 'Agent file',
    weightsFormat: 'Weights',
  },

  quality: {
    heading: 'How well it understands new phrasings',
    ratingLabel: 'Rating:',
    rating: {
      good: 'Good',
      fair: 'Fair',
      weak: 'Needs more examples',
    },
    counts:
      'Check models trained without some of your examples answered {{right}} of {{measured}} of them with the right reaction.',
    method: {
      kFold: 'Each of your examples was left out once.',
      heldOut: 'One in five of your examples was left out.',
    },
    shipped: 'The agent you download learned all of your examples.',
    missesHeading: 'Phrasings it got wrong',
    phrase: '“{{phrase}}”',
    miss: {
      answered: 'expected {{expected}}, answered {{got}}',
      refused: 'expected {{expected}}, refused it',
      expectedRefusal: 'expected it to refuse, answered {{got}}',
      noReaction: 'expected {{expected}}, gave no reaction',
    },
    moreMisses: 'Misses not listed here: {{n}}.',
    hint: 'Add a few more examples of how people say “{{name}}”.',
    hintRefusal: 'Add a few more examples of off-topic messages it should refuse.',
    tooFew:
      'Your protocol has too few examples per reaction to check this: it needs at least two examples of a reaction.',
  },

  lossChart: {
    title: 'Loss curve',
    xAxis: 'Step',
    yAxis: 'Loss',
    validation: 'Validation',
    phase: {
      pretraining: 'Pretraining',
      finetuning: 'Finetuning',
    },
    summary: {
      train: {
        fell: '{{stage}}, steps {{first}}–{{last}}: training loss fell from {{from}} to {{to}}.',
        rose: '{{stage}}, steps {{first}}–{{last}}: training loss rose from {{from}} to {{to}}.',
        same: '{{stage}}, steps {{first}}–{{last}}: training loss stayed at {{to}}.',
        point: '{{stage}}, step {{step}}: training loss {{loss}}.',
      },
      validation: {
        fell: '{{stage}}, steps {{first}}–{{last}}: validation loss fell from {{from}} to {{to}}.',
        rose: '{{stage}}, steps {{first}}–{{last}}: validation loss rose from {{from}} to {{to}}.',
        same: '{{stage}}, steps {{first}}–{{last}}: validation loss stayed at {{to}}.',
        point: '{{stage}}, step {{step}}: validation loss {{loss}}.',
      },
      live: 'Training is still running; the chart updates as it goes.',
    },
  },

  sidebar: {
    label: 'Dashboard navigation',
    dashboard: 'Dashboard',
    chats: 'Chats',
    create: 'CREATE',
    newChat: 'NEW CHAT',
    agents: 'AGENTS',
    newAgent: 'NEW AGENT',
    total: 'Total: {{count}}',
    promptsLeft: '{{remaining}}/{{limit}} left',
    unlimited: 'UNLIMITED',
    renewal: 'Renewal: {{date}}',
    noChats: 'No chats yet.',
    noAgents: 'No agents yet.',
    loadChatsFailed: 'Could not load your chats.',
    loadAgentsFailed: 'Could not load your agents.',
    loadingMore: 'Loading more…',
    answering: 'Answering…',
    chatActions: 'Actions for chat {{title}}',
    agentActions: 'Actions for agent {{name}}',
    edit: 'Edit',
    delete: 'Delete',
    downloadJson: 'Download JSON',
    inferenceEngine: 'Inference Engine',
    adminPanel: 'Admin Panel',
    logOut: 'Log Out',
    toggle: 'Sidebar',
    close: 'Close sidebar',
  },

  bloomStatus: {
    failed: 'Failed',
    trained: 'Trained',
    in_progress: 'In Progress',
    ready: 'Ready',
    not_started: 'Not Started',
  },

  topBar: {
    userMenu: 'Account menu for {{name}}',
    profile: 'Profile',
    settings: 'Settings',
    purchaseHistory: 'Purchase history',
    logOut: 'Log out',
  },

  dialogs: {
    editChat: {
      title: 'Edit chat',
      titleLabel: 'Title',
      saved: 'Chat renamed.',
    },
    editAgent: {
      title: 'Edit agent',
      nameLabel: 'Name',
      dataset: 'Dataset',
      created: 'Created',
      saved: 'Agent renamed.',
    },
    deleteChat: {
      title: 'Delete chat',
      message: 'Delete the chat “{{title}}”? This cannot be undone.',
      deleted: 'Chat deleted.',
    },
    deleteAgent: {
      title: 'Delete agent',
      message: 'Delete the agent “{{name}}”? This cannot be undone.',
      deleted: 'Agent deleted.',
    },
    userDeleteFailed: 'Failed to delete user. Please try again.',
  },

  download: {
    notAvailable: 'Download not available for this platform.',
    failed: 'Failed to download file. Please try again.',
  },

  errorPage: {
    title: 'Oops! Something went wrong',
    goBack: 'Go Back',
    unknown: 'An unexpected error occurred.',
    configFailed: 'Greenhouse could not load its configuration. Check your connection and try again.',
    notFound: 'This page does not exist.',
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

  // Form validation messages (spec §5). Keys are the messages of the contracts' form schemas.
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

  // A text for every API error code (spec §8); `unknown_error` is the fallback for anything else.
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

/** The shape every language must have: the same keys, each a string. */
export type Translations = typeof en;
