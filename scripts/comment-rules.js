// STYLE rule 17: comments never carry issue numbers (the word issue or a hash, then a number); a reader
// of the code cannot follow them, and the tracker's numbering is not the code's. Say the why instead.
// An ESLint rule over every comment, so it runs on product sources, tests, scripts and benchmarks alike.
const ISSUE_NUMBER = [
  /\b(?:issues?|tickets?|bugs?|pull requests?|PRs?)\s*#?\d+/i,
  /(?:^|[\s([,;])#\d+(?![\da-f])/i, // "#31", not a colour such as #0b0c0c
];

/** @type {import('eslint').Rule.RuleModule} */
const noIssueNumbers = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments say why in the reader’s terms, never by an issue number.' },
    messages: { issueNumber: 'Issue number in a comment ("{{text}}"): say the why instead.' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const pattern of ISSUE_NUMBER) {
            const match = pattern.exec(comment.value);
            if (match) {
              context.report({ loc: comment.loc, messageId: 'issueNumber', data: { text: match[0].trim() } });
              break;
            }
          }
        }
      },
    };
  },
};

export const housePlugin = { meta: { name: 'house' }, rules: { 'no-issue-numbers': noIssueNumbers } };
