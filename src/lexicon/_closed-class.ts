/**
 * English closed-class words that WordNet lists only through rare senses ("a" the letter, "in" the inch, "who"
 * the WHO): determiners, pronouns, prepositions, conjunctions, negation and modal auxiliaries. They are grammar,
 * not content words, so {@link partsOfSpeech} gives them no WordNet part of speech. The primary verbs be, have
 * and do are not here: they are WordNet verbs.
 */
export const CLOSED_CLASS: ReadonlySet<string> = new Set(
  [
    // determiners
    'a an the this that these those each every either neither some any no all both few many much several such what which whose',
    'my your his her its our their',
    // pronouns
    'i me you he him she it we us they them myself yourself himself herself itself ourselves yourselves themselves',
    'mine yours hers ours theirs who whom whoever whomever whatever whichever',
    'someone somebody something anyone anybody anything everyone everybody everything nobody nothing none',
    // prepositions
    'about above across after against along amid among around at before behind below beneath beside besides between beyond',
    'by despite down during except for from in inside into near of off on onto out outside over per since than through',
    'throughout till to toward towards under underneath unlike until up upon via with within without',
    // conjunctions and negation
    'and or but nor although because if unless whereas whether while though as not',
    // modal auxiliaries
    'can could may might must shall should will would ought',
  ]
    .join(' ')
    .split(' '),
);
