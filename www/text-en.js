// The demo page's words that are not in index.html (which holds the rest of its English, each text marked
// with data-t="key"). text-es.js and text-ru.js translate both: every data-t key of index.html (but the
// ones the board elements' catalogues already have) and every key of this file.
export default {
  single: '1 (single game)',
  problem: 'The address asks for {param}, which was ignored ({reason}); the game below uses {instead} instead.',
  problemNoEffect: 'The address asks for {param}, which was ignored ({reason}); it has no effect.',
  badLang: 'The address asks for lang={value}, a language this page does not speak (en, es, ru).',
};
