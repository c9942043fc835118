// La página de demostración en español: las claves data-t de index.html y las de text-en.js.
export default {
  labLink: 'Laboratorio de equilibrio',
  tag: 'Juegos de Mark Steere, con el motor steere-games.',
  language: 'Idioma',
  play: 'Partida',
  undo: 'Deshacer',
  undoTitle: 'Vuelve al comienzo de tu último turno, con los mismos dados',
  optGame: 'Juego',
  optRules: 'Reglas',
  classic: 'clásicas (dic. 2024)',
  optBoard: 'Tablero',
  side6: 'lado 6 (91 casillas)',
  side4: 'lado 4 (37 casillas)',
  optRows: 'Filas',
  optZolaSize: 'Tamaño de Zola',
  optPie: 'Regla del pastel',
  optLength: 'Match a',
  optCube: 'Cubo doblador',
  optOpponent: 'Rival',
  vsBot: 'la computadora',
  vsHuman: 'una persona aquí',
  vsOnline: 'una persona en línea',
  optClock: 'Reloj (en línea)',
  clockCasual: 'ninguno (partida tranquila)',
  clockBackgammon: 'backgammon (12 s, 2 min/punto)',
  clockBlitz: '5 min, +5 s por jugada',
  clockCustom: 'a medida',
  clockCustomTitle: 'Reloj a medida, en segundos',
  clockDelay: 'Demora libre por turno',
  clockReserve: 'Reserva',
  clockIncrement: 'Añadido por turno',
  optHuman: 'Juegas con',
  optLevel: 'Nivel',
  note: 'El nivel y la barra de probabilidades cambian al momento; lo demás, en la próxima partida.',
  start: 'Empezar partida nueva',
  abandonAsk: 'Hay una partida en curso. ¿Abandonarla y empezar otra?',
  abandon: 'Abandonarla',
  keep: 'Seguir jugando',
  howTo: 'Cómo se juega',
  jump: 'En esta página',
  help: `<p>Las reglas del propio Mark Steere: <a href="https://www.marksteeregames.com/" rel="noopener">marksteeregames.com</a>.
  Aquí las reglas las sabe el motor: resalta qué puedes mover y adónde.</p>
<h3>Jokerball</h3>
<p>Rojo (círculos) empieza abajo y juega hacia arriba; Azul (cuadrados) juega hacia abajo. Los lados abiertos
  son las porterías: hay que sacar el balón por la del fondo, la que defiende tu rival. Lo mueva quien lo mueva,
  el balón que sale por la portería de Azul da la victoria a Rojo, y el que sale por la de Rojo, a Azul.</p>
<p>Pulsa <kbd>Tirar</kbd>. El dado morado dice cuánto puede avanzar una de tus fichas; el dado verde (su
  flecha se ve en el tablero), hacia dónde va el balón: 1 atrás a la izquierda, 2 izquierda, 3 adelante a la
  izquierda, 4 adelante a la derecha, 5 derecha, 6 atrás a la derecha, visto desde tu lado. Primero mueves una
  ficha: haz clic en ella y luego en su destino. Después haz clic donde se para el balón.</p>
<ul>
  <li><b>Las fichas</b> avanzan en línea recta o en diagonal a la izquierda o a la derecha, hasta el número del
    dado morado, por casillas vacías; una pared o el balón las paran antes. Una ficha que sale por el lado del
    fondo cruza la portería y queda fuera del juego para siempre.</li>
  <li><b>Capturas</b>: una ficha puede capturar la primera ficha que haya en cualquiera de sus seis líneas si
    está al alcance del dado morado; ocupa su casilla.</li>
  <li><b>El balón</b> recorre las casillas que quieras en la dirección del dado verde, hasta que lo para una
    ficha o una pared, o sale por un lado abierto.</li>
  <li>Una fase sin ninguna jugada legal se salta, y se avisa.</li>
</ul>
<p><b>Reglas</b>: las <i>clásicas</i> son el texto de diciembre de 2024 (el de Board Game Arena): una ficha
  puede capturar fichas de los dos colores, y una ficha propia en el camino cierra esa dirección. <i>2025</i> es
  la revisión del autor: solo se capturan fichas rivales, y una ficha propia te para justo antes de ella.
  <b>Filas</b> fija con cuántas filas de fichas empieza cada bando (de 1 a una menos que el lado del tablero);
  <b>Tablero</b> elige el lado 6 de siempre o el lado 4, más rápido.</p>
<h3>Zola</h3>
<p>El tablero empieza lleno. En cada turno mueves una de tus fichas. Un paso normal avanza una casilla, en
  cualquiera de las ocho direcciones, a una casilla vacía, y solo <b>alejándose del centro</b> del tablero: su
  distancia al centro tiene que crecer. Una captura va por cualquiera de las ocho líneas, sobre casillas vacías,
  hasta la primera ficha que encuentra, que tiene que ser rival, y solo si <b>no</b> te aleja del centro. Gana
  quien captura todas las fichas rivales. Quien no tiene ninguna jugada legal, pasa.
  Con la <b>regla del pastel</b>, el segundo jugador puede responder a la primera jugada con <kbd>Cambiar</kbd>:
  los jugadores intercambian los colores (contra la computadora, pasas a jugar con el otro color).</p>
<h3>Matches y el cubo</h3>
<p>Un match se juega a un número de puntos; cada partida vale lo que marca el cubo. Al empezar tu turno (en
  Jokerball, antes de tirar) puedes <kbd>Doblar</kbd> si el cubo está en el centro o es tuyo. Tu rival tiene que
  <kbd>Aceptar</kbd> (la apuesta se dobla y el cubo pasa a ser suyo: solo él puede volver a doblar) o
  <kbd>Rechazar</kbd> (y pierde la partida con la apuesta de antes del doble). <kbd>Rendirse</kbd> entrega la
  partida al valor del cubo.</p>
<p><b>Crawford</b>: la primera vez que un jugador se queda a un punto de ganar el match, la partida siguiente
  se juega sin doblar. <b>Cubo muerto</b>: no puedes doblar si tu puntuación más el valor del cubo ya te dan el
  match.</p>
<h3>Teclas</h3>
<p><kbd>Tab</kbd> lleva al tablero, las flechas pasan de casilla en casilla, <kbd>Intro</kbd> elige una ficha y
  su destino, <kbd>Esc</kbd> la suelta, <kbd>r</kbd> tira los dados. La partida se guarda en este navegador y,
  tras una primera visita, la página funciona también sin conexión. <kbd>Deshacer</kbd> (en una partida única,
  no en un match) vuelve al comienzo de tu último turno, con los mismos dados.</p>`,
  rp_region: 'Repetición',
  rp_first: 'Primera posición',
  rp_firstKey: 'Primera posición (Inicio)',
  rp_back: 'Atrás',
  rp_backKey: 'Atrás (flecha izquierda)',
  rp_forward: 'Adelante',
  rp_forwardKey: 'Adelante (flecha derecha)',
  rp_last: 'Última posición',
  rp_lastKey: 'Última posición (Fin)',
  rp_playOn: 'Continuar la partida grabada',
  rp_playOnTitle: 'Sigue jugando esta partida desde su final, en lugar de la partida de aquí',
  rp_close: 'Cerrar repetición',
  try_open: 'Probar jugadas',
  try_openTitle: 'Jugar otras jugadas desde esta posición en una copia; la partida no cambia',
  try_note: 'Jugadas de prueba en una copia de esta posición: la partida no cambia.',
  try_dice: 'Dados',
  try_distance: 'Dado de distancia',
  try_direction: 'Dado de dirección',
  try_set: 'Poner los dados',
  try_roll: 'Tirar',
  try_back: 'Volver a la partida',
  rec_replay: 'Repetición',
  rec_replayTitle: 'Recorre las posiciones de la partida',
  rec_save: 'Guardar registro',
  rec_saveTitle: 'Descarga el registro de la partida (un archivo de texto)',
  rec_open: 'Abrir registro…',
  rec_paste: 'Pegar registro…',
  rec_share: 'Compartir enlace',
  rec_shareTitle: 'Un enlace que contiene el registro entero',
  rec_link: 'Enlace a este registro',
  rec_pasteTitle: 'Pega un registro',
  rec_pasteOpen: 'Abrir',
  rec_pasteCancel: 'Cancelar',
  single: '1 (partida única)',
  problem: 'La dirección pide {param}, que se ignoró ({reason}); la partida de abajo usa {instead}.',
  problemNoEffect: 'La dirección pide {param}, que se ignoró ({reason}); no tiene ningún efecto.',
  badLang: 'La dirección pide lang={value}, un idioma que esta página no habla (en, es, ru).',
  // un enlace que pide otra partida que la que está en curso (app.js)
  tabs_show: 'Ver la partida de la otra pestaña',
  tabs_newer:
    'Esta partida se ha seguido jugando en otra pestaña desde que se abrió esta página. Una jugada hecha aquí sigue en una copia propia: ninguna de las dos partidas se sobrescribe.',
  tabs_copy:
    'Esta partida se había seguido jugando en otra pestaña desde que se abrió esta página: tu jugada pasó a una copia propia, y la otra pestaña conserva su partida.',
  linkAsks: 'Este enlace pide una partida nueva: {message}.',
  playOnAsk: 'Hay una partida en curso. ¿Abandonarla y seguir jugando desde este registro?',
  playOnKeep: 'Conservar mi partida',
  // el modo en línea (online.js)
  online_region: 'Partida en línea',
  online_create: 'Crear partida en línea',
  online_needsServer:
    'Para jugar en línea hace falta el servidor de referencia, y esta página se sirvió sin él: arráncalo con make online y abre esta página en la dirección que indica.',
  online_checking: 'Buscando el servidor en línea…',
  online_offered: 'Crea una partida en este servidor y te da un enlace para tu rival.',
  online_notOffered:
    'El servidor no tiene partida en línea con estos ajustes ({what}). Ofrece Jokerball con las dos filas estándar (cualquiera de las reglas, lado 6 o 4), Zola (6×6, 8×8, 10×10, con o sin regla del pastel) y matches a 3, 5 o 7 puntos con cubo (Jokerball 2025 de lado 6, o Zola 6×6).',
  online_rows: '{rows} filas',
  online_noCube: 'un match sin cubo',
  online_matchLength: 'un match a {length}',
  online_connecting: 'Conectando con la partida…',
  online_noMatch:
    'No hay ninguna partida {id} en este servidor (un servidor arrancado sin DB= olvida sus partidas al detenerse).',
  online_failed: 'No se pudo abrir la partida en línea: {message}',
  online_youPlay: 'Juegas con {player}.',
  online_watching: 'Los dos puestos de esta partida están ocupados: la sigues como espectador.',
  online_variant: 'Partida en línea {id}: {game}.',
  online_jokerball: 'Jokerball, reglas {rules}, lado {size}',
  online_zola: 'Zola {size}×{size}',
  online_zolaPie: 'Zola {size}×{size} con regla del pastel',
  online_match: 'un match a {length} puntos con cubo ({game})',
  online_shareLabel: 'Enlace para tu rival',
  online_copy: 'Copiar',
  online_copied: 'Copiado',
  online_sending: 'Enviado; esperando al servidor…',
  online_notJoined: '{player} aún no ha entrado: mándale el enlace.',
  online_away: '{player} no está conectado ahora mismo.',
  online_here: '{player} está conectado.',
  online_lost: 'Se perdió la conexión con el servidor: reconectando…',
  online_youWin: '¡Has ganado!',
  online_youLose: 'Has perdido.',
  online_refused: 'No enviado: {reason}',
  online_not_your_turn: 'no es tu turno (le toca a {player}).',
  online_wrong_phase: 'esa jugada no corresponde a este momento del turno.',
  online_illegal_move: 'esa jugada no es legal ahora.',
  online_game_over: 'la partida ha terminado.',
  online_cube_not_allowed: 'ahora no se puede usar el cubo.',
  online_invalid_option: 'esa jugada no existe en este juego.',
  online_parse_error: 'no se pudo leer la jugada.',
  online_not_connected: 'la partida aún no se ha cargado.',
  online_offline: 'se perdió la conexión con el servidor.',
  online_freed: 'el objeto de la partida se liberó.',
  online_not_abandoned: 'el rival no lleva ausente el tiempo suficiente para reclamar la victoria.',
  online_badClock:
    'El reloj a medida se sale de los límites: demora de 0 a 600 s, reserva de 1 s a 24 horas (86400 s), añadido de 0 a 600 s.',
  // registros y repetición
  rec_cannotWrite: 'Esta partida no se puede escribir como registro: {message}',
  rec_damagedLink: 'El enlace está dañado: no se pudo sacar de él ningún registro. No se ha cambiado nada.',
  rec_badLink: 'No se pudo leer el registro del enlace, y no se ha cambiado nada: {message}',
  rec_badFile: 'El archivo no es un registro que esta página pueda leer, y no se ha cambiado nada: {message}',
  rec_badPaste: 'Esto no es un registro que esta página pueda leer: {message}',
  rec_copied: 'El enlace está copiado en el portapapeles.',
  rec_copyByHand: 'El navegador no dejó a la página usar el portapapeles: copia el enlace del campo.',
  // el análisis (analysis.js): la barra de probabilidades, la pista, la revisión tras cada partida
  wb_game: 'Partida',
  wb_match: 'Match',
  hint: 'Pista',
  hintTitle: 'Los mejores turnos de la computadora ahora; el mejor, dibujado en el tablero',
  hintList: 'Mejores turnos',
  optBar: 'Barra de probabilidades',
  rv_title: 'Revisión',
  rv_again: 'Revisar la partida',
  rv_close: 'Cerrar la revisión',
  rv_chart: 'Probabilidad de Rojo de ganar la partida tras cada jugada; el área azul es la de Azul.',
  rv_luck: 'Suerte con los dados',
  rv_error: 'Probabilidad perdida por errores en las jugadas',
  rv_moves: 'Jugadas con elección',
  rv_marked: 'Turnos señalados',
  rv_marks: '?? un error grave, ? un error, ?! una elección dudosa; abre uno para verlo en la repetición.',
  rv_none: 'No hay turnos señalados: ninguna elección perdió mucho.',
  an_failed: 'La computadora no pudo analizar esto: {message}',
  wb_gameLabel: 'Probabilidad de ganar la partida: Rojo {red}, Azul {blue}',
  wb_matchLabel: 'Probabilidad de ganar el match: Rojo {red}, Azul {blue}',
  hint_thinking: 'La computadora busca los mejores turnos…',
  hint_drawn: 'El mejor turno, dibujado en el tablero',
  rv_progress: 'Revisando: {done} de {total} jugadas',
  rv_ofGame: 'La partida, revisada por la computadora en el nivel {level}.',
  rv_ofMatchDone:
    'El match ({games} {unit}, con las decisiones del cubo), revisado por la computadora en el nivel {level}.',
  rv_ofMatch:
    'El match hasta ahora ({games} {unit}, con las decisiones del cubo), revisado por la computadora en el nivel {level}.',
  rv_game_one: 'partida',
  rv_game_few: 'partidas',
  rv_game_many: 'partidas',
  rv_game_other: 'partidas',
  rv_cubeError: 'Probabilidad perdida por errores con el cubo',
  rv_cubes: 'Decisiones del cubo',
  rv_errorRate: 'Error por decisión',
  rv_rating: 'Índice de rendimiento (PR, mejor cuanto más bajo)',
  rv_adjusted: 'Partidas ganadas, y con dados medios',
  rp_played: 'Jugado: {move} ({win})',
  rp_best: 'lo mejor: {move} ({win})',
  rp_bestSame: 'lo mejor.',
  rv_adjustedValue: '{wins} → {adjusted}',
  rv_games: 'Partida {game}: PR Rojo {red}, Azul {blue}',
  rv_ratingValue: '{rating} ({band})',
  rv_band_world: 'de clase mundial',
  rv_band_expert: 'experto',
  rv_band_advanced: 'avanzado',
  rv_band_intermediate: 'intermedio',
  rv_band_casual: 'ocasional',
  rv_band_beginner: 'principiante',
  rv_band_awful: 'pésimo',
  // la vista del vestíbulo (lobby.js) y una partida tomada en él (online.js, claves online_*)
  lobby_title: 'Jugar con alguien en línea',
  lobby_name: 'Tu nombre',
  lobby_nameFirst: 'Elige el nombre que verán los demás jugadores (de 1 a 24 caracteres).',
  lobby_nameNew:
    'Un nombre nuevo: pasas a ser jugador de este servidor, con 1500 de puntuación, al jugar por primera vez.',
  lobby_nameNewAgain:
    'Un nombre nuevo es un jugador nuevo, con 1500 de puntuación (en el servidor los nombres no se cambian); los nombres que usaste antes en este navegador conservan su puntuación y vuelven con ella.',
  lobby_nameKnown: 'Tu puntuación en este servidor:',
  lobby_badName: 'Escribe antes un nombre de 1 a 24 caracteres.',
  lobby_rating: '{game}: {rating} ({matches})',
  lobby_ratingNew: '{game}: {rating} (aún sin partidas puntuadas)',
  lobby_matches_one: '{n} partida puntuada',
  lobby_matches_few: '{n} partidas puntuadas',
  lobby_matches_many: '{n} partidas puntuadas',
  lobby_matches_other: '{n} partidas puntuadas',
  lobby_playAnyone: 'Jugar con cualquiera',
  lobby_anyoneNote:
    'Ocupa el puesto libre más antiguo de {game} con este reloj ({clock}), o abre uno para el próximo jugador.',
  lobby_why: '{why}',
  lobby_pairing: 'Buscando rival…',
  lobby_joining: 'Ocupando el puesto…',
  lobby_taken: 'Otra persona ocupó ese puesto antes.',
  lobby_gone: 'Ese puesto ya no está libre.',
  lobby_rateLimited: 'Demasiadas peticiones desde esta dirección: vuelve a intentarlo dentro de un minuto.',
  lobby_failed: 'El vestíbulo no respondió: {message}',
  lobby_unreachable: 'No se pudo actualizar la lista: {message}',
  lobby_seats: 'Puestos libres: {game}',
  lobby_empty:
    'Ahora no hay puestos libres de este juego: Jugar con cualquiera abre uno, y quien lo ocupe primero juega contigo.',
  lobby_yourSeat: '{name} (tu puesto)',
  lobby_play: 'Jugar',
  lobby_playLabel: 'Jugar con {name} (puntuación {rating}), {clock}',
  lobby_clockNone: 'sin reloj',
  lobby_min: '{n} min',
  lobby_minSec: '{m} min {s} s',
  lobby_sec: '{n} s',
  lobby_delay: '{s} s libres por turno',
  lobby_increment: '+{s} s por turno',
  online_waiting: 'Esperando rival: tu puesto está libre en el vestíbulo, y quien lo ocupe primero juega contigo.',
  online_cancel: 'Cancelar',
  online_pairedMeanwhile: 'Demasiado tarde para cancelar: un rival acaba de ocupar el puesto.',
  online_cancelFailed: 'No se pudo cancelar el puesto: {message}',
  online_against: 'Tu rival: {name}.',
  online_ratingChange: 'Tu puntuación de {game}: {before} → {after} ({change}).',
  online_unrated: 'Esta partida no cambió tu puntuación (los dos puestos deben ser jugadores del vestíbulo).',
  rv_lucky: 'con suerte',
  rv_veryLucky: 'con mucha suerte',
  rv_unlucky: 'sin suerte',
  rv_veryUnlucky: 'con muy mala suerte',
  rv_luckWord: 'dados {luck}: {word}',
  rv_luckOnly: 'dados {luck}',
  rp_candWait: 'La computadora está ordenando los turnos de esta tirada…',
  rp_cands: 'Las {n} mejores de {total} opciones, con la probabilidad de ganar la partida tras cada una:',
  rp_candPlayed: 'jugada',
  rp_cubeOf: 'Probabilidad de {player} de ganar el match',
  rp_cubeNd: 'No doblar',
  rp_cubeDt: 'Doblar, acepta',
  rp_cubeDp: 'Doblar, rechaza',
  rp_cubeRight: 'lo correcto',
  rp_cubeTaken: 'elegido',
  rp_cubeUnknown:
    'Esta revisión no tiene las probabilidades de esta decisión del cubo: revisa la partida otra vez para verlas.',
  // Roll out in the replay (analysis.js)
  rp_roll: 'Simular',
  rp_rollTitle: 'Jugar esta posición muchas veces para comprobar las probabilidades de la computadora',
  rp_rollStop: 'Detener',
  rp_rollHow: '{trials} partidas, bot fácil, cada una cortada tras {turns} turnos',
  rp_rollCount: '{done} de {total} partidas',
  rp_rollRunning: 'Simulando…',
  rp_rollStopped: 'Detenida tras {done} de {total} partidas: sin resultado. Simula otra vez para empezar de nuevo.',
  rp_rollDone: 'Simulación hecha: {trials} partidas.',
  rp_rollOf:
    'Según la simulación, la probabilidad de ganar la partida tras cada opción, ± la mitad de su intervalo del 95 %:',
  rp_rollWin: '{win} ± {half}',
  rp_rollClose: 'demasiado parejo para decidir',
  rp_rollBestClear: 'Lo mejor según la simulación: {move}, claramente por delante.',
  rp_rollBestClose:
    'Demasiado parejo para decidir: {move} va delante, pero su intervalo se solapa con los marcados así.',
  rp_rollCubeOf: 'Según la simulación, probabilidad de {player} de ganar el match, ± la mitad del intervalo del 95 %',
  rp_rollCubeRight: 'Lo correcto según la simulación: {action}.',
  rp_rollCubeClose:
    'Demasiado parejo para decidir: {action} va delante según la simulación, pero su intervalo se solapa con la otra opción.',
  rp_review: 'Revisar esta partida',
  rv_rolls: 'Tiradas con suerte y sin suerte',
  rv_rollsNote:
    'Las tiradas que dieron o quitaron al menos un 6 % de la partida frente a una tirada media (15 %: mucha); abre una para verla en la repetición.',
  rv_recorded: 'en el registro: {note}',
};
