// The engine, as every room imports it: the package's glue (steere_games.js beside the shipped board.js
// and worker.js), named in one place so that each bundle imports it once.
import init, { Jokerball, Zola, Match, Bot, SteereError, clockLeft } from '../steere_games.js';

export { init, Jokerball, Zola, Match, Bot, SteereError, clockLeft };
