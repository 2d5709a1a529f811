import { createValidator } from 'claimcheck';

const tools = [
  {
    type: 'function',
    function: {
      name: 'send_email',
      parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' } }, required: ['to', 'subject'] },
    },
  },
];

const validator = createValidator({ tools }); // compiles each tool's schema once (draft 2020-12 or draft-07)
const result = validator.validate('send_email', '{"to": "not-an-email"}');
if (!result.ok) console.log(result.failures.map((f) => `${f.category} ${f.path}`)); // [ 'missing_required /subject', 'format_violation /to' ]
