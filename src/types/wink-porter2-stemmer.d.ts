// The package ships no types: one function, a word in, its Porter2 stem out.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
