/**
 * The agent chat's words, in English (apart from `Messages`, see chat-catalog.ts). Functions take the values to put in,
 * already formatted; a `count` is only there to choose singular or plural.
 */
export const chatEn = {
  workbookTab: 'Workbook',
  chatTab: 'Ask the agent',
  tabsLabel: 'Pane sections',
  heading: 'Agent chat',

  notConfigured: 'To ask the platform’s agent, enter its Chat API URL and key in Settings. Your admin finds both under Admin → Agents.',
  openSettings: 'Open Settings',

  conversation: 'Conversation',
  newConversation: 'New conversation',
  untitled: 'New conversation',
  noConversations: 'No conversations yet. Ask a question to start one.',
  loadingConversation: 'Loading the conversation…',
  conversationLog: 'Conversation with the agent',

  inputLabel: 'Ask about your data',
  inputPlaceholder: 'For example: revenue by region last year',
  send: 'Send',
  stop: 'Stop',
  stopping: 'Stopping…',
  tooLong: (length: string, max: string) => `Your question is ${length} characters long; the agent takes at most ${max}. Shorten it to send it.`,
  characters: (length: string, max: string) => `${length} / ${max}`,

  you: 'You',
  agent: 'Agent',
  thinking: 'The agent is working…',
  answering: 'The agent is answering…',
  answered: 'The agent has answered.',

  ranQuery: 'Ran a query',
  runningQuery: 'Running a query…',
  ranTool: (name: string) => `Used ${name}`,
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  measures: 'Measures',
  dimensions: 'Dimensions',
  timeDimensions: 'Time',
  filters: 'Filters',
  noFilters: 'No filters',
  // Formatted, only “1” is singular, in English and German alike.
  rowCount: (rows: string) => `${rows} ${rows === '1' ? 'row' : 'rows'}`,
  limit: 'Limit',
  byGranularity: (member: string, granularity: string) => `${member} by ${granularity}`,

  cutOff: 'The answer was cut off: the connection to the agent broke before it finished.',
  tryAgain: 'Try again',
  stopped: 'You stopped this answer.',
  agentProblem: (message: string) => `The agent reported a problem: ${message}`,
  unreadable: (count: string) => `${count} ${count === '1' ? 'part' : 'parts'} of the answer could not be read.`,

  placeInSheet: 'Place in sheet',
  placeHint: (address: string) => `Places the result at ${address} as a new exploration, which you can then save as a report.`,
  placeHintNoSelection: 'Places the result at the selected cell as a new exploration, which you can then save as a report.',
  describeOnly: 'Your admin has set the agent to describe answers only: it cannot place results in this workbook.',
  placeBlocked: 'Close the open exploration first: its result is not saved yet.',
  noDeploymentFor: 'None of your deployments has every member of this query, so it cannot be placed.',
  downloadRestricted: 'Your administrator has turned off downloading data, so answers cannot be placed in cells.',

  errors: {
    keyRefused: 'The agent did not accept the Chat API key. Check the key in Settings.',
    forbidden: 'The agent refused: you may not use this agent or this conversation.',
    threadGone: 'This conversation no longer exists on the agent’s side.',
    unreachable: 'The agent cannot be reached. Check the Chat API URL in Settings and your connection, then try again.',
    troubled: 'The agent had a problem answering. Try again in a moment.',
    badAnswer: 'The agent sent something this add-in cannot read. Is the Chat API URL right?',
    notSignedIn: 'A deployment’s agent answers with your sign-in: sign in to the platform (not only a Cube API), or set an agent’s URL and key in Settings.',
  },

  settings: {
    heading: 'Agent chat',
    hint: 'Copy both from the platform’s Admin → Agents (Chat API URL, and an API key). A deployment’s agent (…/deployments/{id}/chat/…) needs no key: it answers with your sign-in’s rights. Both are kept on this computer only, never in the workbook.',
    url: 'Chat API URL',
    key: 'Chat API key',
    save: 'Save',
    forget: 'Forget',
    saved: 'Saved. The chat uses this agent now.',
    forgotten: 'Forgotten.',
    incomplete: 'Enter the Chat API URL, and the key unless the URL is a deployment’s agent (…/deployments/{id}/chat/…).',
  },
};
