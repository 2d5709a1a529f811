// Crafted replies for the scaling bench and the linear-time test: each shape repeats a unit that once
// made some stage of the claim pipeline quadratic (unpaired quotes, link brackets, participles after
// determiners, verb lists...), plus random English-ish text. Deterministic: the same size gives the
// same text.

const WORDS = ('i we you the a an your order refund email invoice ticket meeting calendar account card payment ' +
  'sent cancelled refunded booked updated created scheduled emailed moved deleted issued checked looked found ' +
  'will can would please let me know if when and but so then because is are was were has have been now on off ' +
  'today tomorrow yesterday for to from with by at in of it them this that not never already just also ' +
  '$45.00 #4821 ana@example.com INV-0042 9am 2024-05-12 three both all done').split(' ');
const PUNCT = ['', '', '', '', '', ',', ',', '.', '.', '!', '?', ':', ';', ' —', ' ✅'];

/** Random English-ish text from a fixed vocabulary with punctuation, line breaks and paragraphs (a seeded PRNG). */
function randomText(bytes, seed = 1) {
  let s = seed >>> 0;
  const rand = (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
  const parts = [];
  let length = 0;
  let sentence = 0;
  while (length < bytes) {
    let w = WORDS[rand(WORDS.length)];
    if (sentence === 0) w = w[0].toUpperCase() + w.slice(1);
    const p = PUNCT[rand(PUNCT.length)];
    sentence = p === '.' || p === '!' || p === '?' || p === ' ✅' ? 0 : sentence + 1;
    const gap = rand(12);
    const piece = `${w}${p}${gap === 0 ? '\n' : gap === 1 && sentence === 0 ? '\n\n' : ' '}`;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('').slice(0, bytes);
}

/** Shape name → the unit repeated to the wanted size (a function for shapes that are not one repeated unit). */
export const SHAPES = {
  'random English-ish text': (bytes) => randomText(bytes),
  'repeated “': '“',
  'repeated «': '«',
  'repeated "': '"',
  'repeated ](': '](',
  'repeated "the sent "': 'the sent ',
  'verbs joined by commas': 'sent, cancelled, refunded, booked, ',
  'verbs joined by "and"': 'sent and cancelled and refunded and booked and ',
  'markdown table rows': '| sent | order 4821 | $45.00 | ✅ |\n',
  'list "- sent X"': '- sent the invoice X\n',
  'nested quotes': (bytes) => {
    const half = Math.floor(bytes / 2 / 3);
    return `${'“‘"'.repeat(half)}I sent it${'"’”'.repeat(half)}`;
  },
  'many (': '(',
  'many * and _': '*_',
  'many ✅': '✅',
  'amounts "$1,000.00 "': '$1,000.00 ',
  'one 1 MB word': 'a',
  'claims with values, one sentence': 'sent $45.00 to ana@example.com for order 4821, ',
  'one passive, continued': (bytes) => {
    const half = Math.floor(bytes / 2);
    return `${'the invoice '.repeat(Math.floor(half / 12))}has been created${' and sent to the team'.repeat(Math.floor(half / 21))}.`;
  },
  'objectless status lines': 'Sent ✅\n',
  'rejected passives ("who was sent")': 'who was sent ',
};

/** A reply of the given shape, `bytes` UTF-16 code units long (about; a unit is never cut). */
export function craftReply(shape, bytes) {
  const make = SHAPES[shape];
  if (make === undefined) throw new Error(`no crafted shape "${shape}"`);
  if (typeof make === 'function') return make(bytes);
  return make.repeat(Math.max(1, Math.floor(bytes / make.length)));
}
