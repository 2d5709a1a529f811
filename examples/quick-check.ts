import { checkMessages } from 'claimcheck';

// A recorded conversation (here in the Chat Completions shape) and the tools the agent had.
const tools = [{ type: 'function', function: { name: 'send_email', description: 'Email the customer.' } }];
const messages = [
  { role: 'user', content: 'Please email me the receipt.' },
  { role: 'assistant', content: "Done, I've emailed you the receipt." },
];

const receipt = checkMessages(messages, { tools }); // OpenAI, Responses, Anthropic or plain transcript
if (receipt.verdict === 'fabricated') {
  for (const claim of receipt.claimedButNeverRan) {
    console.warn(`${claim.tool}: ${claim.reason} — "${claim.text}"`); // send_email: not_called — "Done, I've emailed you the receipt."
  }
}
