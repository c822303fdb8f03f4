/**
 * English texts of the public share page (/try/{token}, issue 34) and of the playground it runs the agent in: a
 * module of their own, so that page loads them without the signed-in screens' texts (en-app.ts), and stays light.
 * The signed-in screens load them too (the agent page has the playground; lib/i18n.ts).
 */
export const enTry = {
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
    lineTokens: 'Its tokens: {{tokens}}',
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

  sharedAgent: {
    eyebrow: 'Shared agent',
    title: 'Try {{name}}',
    reactions: 'Its reactions',
    noReactions: 'No reactions',
    loading: 'Opening the link…',
    loadFailed: 'Could not open this link.',
    footer: 'Runs in your browser with Flora, the engine of',
    makeYourOwn: 'Make your own agent',
    notFound: {
      title: 'Link not found',
      heading: 'This link does not work',
      text: 'It was revoked, or its agent was deleted. Ask whoever gave it to you for a new one.',
    },
    unavailable: {
      heading: 'This agent cannot be tried right now',
      text: 'It has no version ready to run at the moment. Try the link again later.',
    },
  },
};
