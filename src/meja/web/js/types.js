// @ts-check
// The shapes the page works with, as JSDoc types for TypeScript's checker (`make typecheck`):
// what the server sends, what a renderer (js/games/GAME.js) is given and must give back, and
// each game's view. Nothing here runs; a module names a type with
// `/** @typedef {import("./types.js").RenderContext} RenderContext */` (from js/games/:
// "../types.js"), or inline as `import("./types.js").StateMessage`.
//
// The views follow each game's `view(seat)` (src/meja/games/GAME/view.py) and the messages
// src/meja/server/room.py; keep them in step when either changes.

// --- the table and its seats -----------------------------------------------------------------

/**
 * What everyone at the table may know about a seat (room.py `SeatState.public`).
 * @typedef {object} Seat
 * @property {number} seat  its index at the table
 * @property {string} name
 * @property {"human"|"bot"} kind
 * @property {string|null} bot  the bot as the table was made with it: a level ("strong") or a bot
 *   spec ("ismcts:iterations=400"); null for a person
 * @property {boolean} connected  a page of the seat is open now
 * @property {string|null} away  why a bot plays for the person ("clock", "left"), or null
 * @property {boolean} [overdue]  a turn-based table: the seat's time to move ran out
 */

/**
 * The public facts of a table (room.py `Room.summary`), in every message and the lobby's lists.
 * @typedef {object} TableSummary
 * @property {string} id
 * @property {GameName} game
 * @property {string} title
 * @property {number} num_players
 * @property {Object<string, string|number|boolean>} options  the rule options as chosen
 * @property {number|null} clock  seconds a person has to move, or null for no clock
 * @property {Pace} pace
 * @property {boolean} [hints]  whether hints may be asked for
 * @property {boolean} [guided]  a "Learn to play" table: a hint at every decision
 * @property {boolean} [private]  left out of the lobby's lists, reached by its links alone
 * @property {TableKind} [kind]
 * @property {number|null} [move_time]  a turn-based table's seconds per move
 * @property {boolean} [ended_early]  its people ended the game before its end (no winner)
 * @property {boolean} [spectator_chat]  spectators may read and write the chat
 * @property {string|null} [rematch]  the table made to play again, once someone asked
 * @property {Seat[]} seats
 * @property {number} step  steps played (the log's length)
 * @property {boolean} finished
 * @property {number} [created_at]  seconds since the epoch
 * @property {boolean} [paused]  nobody is there to watch, so bots wait
 */

/** @typedef {"peranakan"|"te_kuiti"|"nasi_lemak"|"mooncake"} GameName */
/** @typedef {"relaxed"|"normal"|"fast"} Pace */
/** @typedef {"live"|"turn_based"} TableKind */
/** What the people at a turn-based table may choose about a seat out of time. @typedef {"wait"|"bot"|"end"} TimeoutChoice */

// --- the messages of the table's websocket ---------------------------------------------------

/**
 * A move the seat may make now: its action number and its text (engine words, "take deck").
 * @typedef {object} LegalMove
 * @property {number} action
 * @property {string} text
 */

/**
 * What the game told this viewer of one step, besides its words: small facts for renderers, the
 * action's number when the viewer may know it. `undo` and `undid` mark a take-back and the
 * step it took back; every other key is the game's own (a cell, a fence, a card, ...).
 * @typedef {{action?: number|null, undo?: boolean, undid?: number, [key: string]: any}} LogRecord
 */

/**
 * One step of the move log as told to this viewer.
 * @typedef {object} LogEntry
 * @property {number} seq  the step's place in the whole log
 * @property {number} player  the seat that moved, or -1 (CHANCE) for a random event
 * @property {string} text  the sentence, seats by name and the viewer's own as "You"; "" when a
 *   later sentence carries its sense
 * @property {boolean} named  whether the viewer was told exactly which step it was
 * @property {LogRecord} [record]  absent once a finished game names every step in full
 */

/**
 * A finished game's outcome for this viewer.
 * @typedef {object} Result
 * @property {number[]} scores  per seat, in the game's unit
 * @property {number[]} winners  the winning seats ([] when nobody won)
 * @property {string} [unit]  "points", "sets", "Festive Points", ...
 * @property {string[]} [lines]  what decided the game, in words
 * @property {boolean} [ended_early]  its people ended it early: nobody won
 * @property {Statistic[]} [statistics]  rows of numbers per player, from the game's facts
 */

/**
 * A row of the end screen's statistics: its label, and a value per seat (null: not for it).
 * @typedef {object} Statistic
 * @property {string} label
 * @property {Array<number|null>} values
 */

/**
 * A message of the table's chat, as stored and sent.
 * @typedef {object} ChatLine
 * @property {number} seq
 * @property {number|null} seat  the sender's seat, null for a spectator
 * @property {string} name
 * @property {string} text  plain text, shown as text
 * @property {number} step  the table's step when it was sent
 * @property {number} at  seconds since the epoch
 */

/** A new chat message. @typedef {{type: "chat", message: ChatLine}} ChatMessage */
/** The latest chat, after the welcome. @typedef {{type: "chat_log", messages: ChatLine[]}} ChatLogMessage */

/**
 * Seconds left to each active person before a bot moves for them, by seat ("0", "1", ...);
 * empty without a clock.
 * @typedef {Object<string, number>} Clock
 */

/**
 * The state message (type "state"): everything the viewer is shown now (room.py
 * `Room.state_message`). `log` holds the entries from `log_start` on.
 * @template [V=View]
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {TableSummary} table
 * @property {number|null} you  the viewer's seat, null for a spectator
 * @property {number} step  steps played
 * @property {number} current  the seat to act, -1 (CHANCE) or -2 (TERMINAL)
 * @property {number[]} active  the seats that may act now
 * @property {V} view  the game's view for the viewer
 * @property {LegalMove[]} legal  the viewer's moves now ([] when it is not its turn)
 * @property {boolean} undo  whether the viewer may take back its last move
 * @property {Clock} clock
 * @property {Object<string, number>} [deadlines]  a turn-based table: when each active seat's
 *   time to move runs out, seconds since the epoch, by seat
 * @property {number[]} [overdue]  a turn-based table: the seats whose time ran out
 * @property {TimeoutChoice[]} [choices]  what the viewer may choose about them
 * @property {Result|null} result  null until the game is over
 * @property {number} log_start
 * @property {LogEntry[]} log
 */

/**
 * What a drawing of the board is made from: a live state message, or a replay frame over it.
 * @template [V=View]
 * @typedef {Pick<StateMessage<V>, "view"|"you"|"legal"|"active"|"current"|"table"|"result"|"step">} DrawnState
 */

/**
 * A frame of a finished game's replay (GET /api/tables/ID/replay/STEP): the game at a step as
 * the seat saw it then.
 * @template [V=View]
 * @typedef {object} ReplayFrame
 * @property {"replay"} type
 * @property {TableSummary} table
 * @property {number} step
 * @property {number} total  the finished game's steps
 * @property {number|null} you
 * @property {number} current
 * @property {number[]} active
 * @property {V} view
 * @property {LogEntry[]} log  the log up to step
 * @property {Result|null} result
 * @property {ChatLine[]} [chat]  the chat up to step, for those who may read it
 */

/**
 * @typedef {object} WelcomeMessage
 * @property {"welcome"} type
 * @property {number|null} seat  the seat the token opened, null for a spectator
 * @property {TableSummary} table
 */

/**
 * A refusal (a move not legal now, a flood, a bad token), in one line.
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} code
 * @property {string} message
 */

/** @typedef {{type: "pong"}} PongMessage */
/**
 * Someone came or went (room.py `Room.presence`): each seat's connected flag and how many watch.
 * @typedef {{type: "presence", seats: {seat: number, connected: boolean}[], spectators: number}} PresenceMessage
 */
/** The answer to a "hint" message. @typedef {Hint & {type: "hint"}} HintMessage */

/**
 * What the server sends on the table's websocket.
 * @typedef {StateMessage|WelcomeMessage|ErrorMessage|PongMessage|HintMessage|ChatMessage|ChatLogMessage|PresenceMessage} ServerMessage
 */

/**
 * What the page sends on it.
 * @typedef {{type: "join", token?: string}
 *   | {type: "ping"}
 *   | {type: "move", action: number, step: number}
 *   | {type: "undo", step: number}
 *   | {type: "pace", pace: string}
 *   | {type: "back"}
 *   | {type: "hint"}
 *   | {type: "timeout", seat: number, choice: TimeoutChoice}
 *   | {type: "chat", text: string}} ClientMessage
 */

/** @typedef {"online"|"offline"|"stalled"|"closed"} ConnectionStatus */

// --- the HTTP API ------------------------------------------------------------------------------

/**
 * A rule option of a game, with its words for the lobby's form.
 * @typedef {object} GameOption
 * @property {string} name
 * @property {string|number|boolean} default
 * @property {string} help
 * @property {Array<string|number|boolean>} choices  [] for a free value
 * @property {string[]} choice_labels
 * @property {"str"|"int"|"float"|"bool"} kind
 * @property {number|null} minimum
 * @property {number|null} maximum
 * @property {string} label
 * @property {string} explain
 */

/**
 * A game as GET /api/games lists it.
 * @typedef {object} GameInfo
 * @property {GameName} name
 * @property {string} title
 * @property {number} min_players
 * @property {number} max_players
 * @property {string} blurb
 * @property {{players: number, turns: number, minutes: number}[]} lengths
 * @property {GameOption[]} options
 */

/**
 * A table of the lobby's lists (GET /api/tables): its summary, and for a finished one when it
 * ended and who won (null: not recorded).
 * @typedef {TableSummary & {finished_at?: number|null, winners?: number[]|null}} TableListing
 */

/**
 * A seat of a table just made (POST /api/tables): its link and token (null for a bot).
 * @typedef {object} SeatLink
 * @property {number} seat
 * @property {string} name
 * @property {"human"|"bot"} kind
 * @property {string|null} token
 * @property {string|null} join_url
 */

/**
 * The answer to POST /api/tables.
 * @typedef {object} CreatedTable
 * @property {string} id
 * @property {TableSummary} table
 * @property {string} watch_url
 * @property {SeatLink[]} seats
 */

/**
 * A seat link this browser opened, kept for the lobby's "Your seats" (api.js).
 * @typedef {object} RememberedSeat
 * @property {string} table
 * @property {number} seat
 * @property {string} token
 * @property {string} [title]
 * @property {number} [at]  when it was opened, ms since the epoch
 * @property {string} [url]  the seat link as given
 */

/**
 * The server's limits (GET /api/limits); paces in seconds a step.
 * @typedef {object} Limits
 * @property {number} max_tables
 * @property {boolean} full
 * @property {number} bot_seconds
 * @property {number} bot_iterations
 * @property {number} [message_rate]
 * @property {number} [message_burst]
 * @property {Object<string, number>} [paces]
 * @property {number} [chat_chars]  a chat message's most characters
 * @property {number} [chat_messages]  chat messages a sender may send in chat_seconds
 * @property {number} [chat_seconds]
 * @property {{min: number, max: number, default: number}} [move_time]  a turn-based table's seconds a move
 */

/**
 * A level of bot a person chooses from (GET /api/bots `levels`, weakest first).
 * @typedef {object} BotLevel
 * @property {string} name  what a seat's `bot` is set to: "beginner", "casual", ...
 * @property {string} words  the level in words: "Strong: thinks ahead before each move"
 * @property {string} spec  the bot spec it stands for ("ismcts:scale=3")
 */

/**
 * GET /api/bots: the bot specs a seat may use, the levels, and the stand-ins for absent people.
 * @typedef {object} BotList
 * @property {string[]} bots
 * @property {BotLevel[]} levels
 * @property {string[]} standin
 */

/**
 * A hint (POST /api/tables/ID/hint, or the "hint" message): the move and why, in words.
 * @typedef {object} Hint
 * @property {number} action
 * @property {string} move
 * @property {string} why
 */

// --- views -------------------------------------------------------------------------------------

/**
 * What every game's view begins with (core/game.py `State.envelope`, and `seat`).
 * @template [P=string]
 * @typedef {object} Envelope
 * @property {number} num_players
 * @property {P} phase
 * @property {number} to_move  a seat, -1 (CHANCE) or -2 (TERMINAL)
 * @property {number} turn  turns begun
 * @property {number|null} seat  the viewer, null for a spectator
 */

/**
 * Any game's view, as the table page sees it without knowing the game.
 * @typedef {Envelope & {[key: string]: any}} View
 */

/** Cards by kind ("rice": 2), only kinds with some. @typedef {Object<string, number>} Counts */

/**
 * Peranakan: Tiles and Tactics (games/peranakan/view.py): the whole table, nothing hidden.
 * Tiles are codes: pattern letter(s) and a Kueh letter ("Bto", "Cw" a wild tile); a board row
 * is its five cells joined by spaces ("Bto . Ca/Gw . .", "." empty, "/" a tile under another).
 * @typedef {Envelope<PeranakanPhase> & PeranakanTable} PeranakanView
 */
/** @typedef {"reveal"|"start"|"take"|"choose_kueh"|"place"|"pawn"|"collect_kueh"|"over"} PeranakanPhase */
/**
 * @typedef {object} PeranakanTable
 * @property {number} turn_seat  whose turn it is (while collecting too)
 * @property {number|null} start  the start player, once known
 * @property {Array<string|null>} market  the deck's face-up tile and slots 1-4 (null: empty)
 * @property {string[]} board  rows top to bottom
 * @property {string[]} pawns  "N0@a4": kind (N Nyonya, B Baba), seat, "@" cell
 * @property {number[][]} hands  per seat, the pawns it still holds by kind
 * @property {number[][]} kueh  per seat, its Kueh by kind (components.KUEH_TYPES order)
 * @property {number} deck_size
 * @property {Object<string, number>} supply  Kueh left by kind name
 * @property {string} [taken]  during a turn: where the tile was taken ("deck", "slot2")
 * @property {string} [held]  the tile taken and not yet placed
 * @property {string} [placed]  the cell it was placed on ("a4")
 * @property {number} [wild_seat]  while pawns collect for a wild tile: its seat
 * @property {number} [wild_left]  Kueh it still chooses
 * @property {string[]} [collecting]  the pawns due to collect
 */

/**
 * Te Kuiti (games/te_kuiti/view.py): the same for every seat and the spectator. Cells are
 * named "a1".."e5" (column letter, row number), fences by a cell and a side ("a2w").
 * @typedef {Envelope<TeKuitiPhase> & TeKuitiTable} TeKuitiView
 */
/** @typedef {"shepherd"|"flip"|"reveal"|"orient"|"ram"|"bonus"|"collect"|"over"|"start"} TeKuitiPhase */
/**
 * @typedef {object} TeKuitiTable
 * @property {number} round
 * @property {number|null} shepherd  the seat playing the shepherd (null solo or before the start)
 * @property {number|null} sheep  the seat playing the sheep
 * @property {number} supply  fences left in the supply
 * @property {number} fences_to_place  fences the shepherd still places this turn
 * @property {string[]} fences
 * @property {string[]} cells  per cell: "gone", "down", or the face up ("angry", "timid_daisy", ...)
 * @property {string[]} enclosed  cells inside fences
 * @property {string|null} flipping  the cell being flipped
 * @property {string[]} revealed  cells turned up this turn
 * @property {string[]} turning_back  cells turned back next, shown face up until then (T4a)
 * @property {TeKuitiEndedRound|null} ended_round  the field the last round ended on
 * @property {boolean} end_of_round
 * @property {boolean} last_turn
 * @property {boolean} fences_out
 * @property {Counts} removed  tiles taken off the field by name
 * @property {number[]} scores
 * @property {number[][]} round_scores  per finished round, per seat
 * @property {number[]} winners
 */
/**
 * @typedef {object} TeKuitiEndedRound
 * @property {number} round
 * @property {string[]} cells  "down", "gone" or the tile's name
 * @property {string[]} fences
 * @property {string[]} enclosed
 * @property {Counts} removed
 */

/**
 * Nasi Lemak: The Game (games/nasi_lemak/view.py): the public turn, the viewer's own hand, and
 * per seat what the viewer may know of it. Cards are named by key ("rice", "officer").
 * @typedef {Envelope<NasiLemakPhase> & NasiLemakTable} NasiLemakView
 */
/**
 * @typedef {"start"|"deal"|"draw"|"main"|"cook"|"reveal"|"steal"|"trio"|"announce"|"examine"
 *   |"pick"|"fly_target"|"fan_target"|"partner"|"offer"|"response"|"over"} NasiLemakPhase
 */
/**
 * @typedef {object} NasiLemakTable
 * @property {number} active  the seat whose turn it is
 * @property {number} first_player
 * @property {number} moves_left
 * @property {number} declined_offers
 * @property {string|null} end  why the game ended ("five_packs", ...), null while it goes on
 * @property {number} draw_pile
 * @property {Counts} discard_pile
 * @property {Counts} revealed
 * @property {number} nasi_lemak_pile
 * @property {number} pending_draws
 * @property {number} deal_seat
 * @property {number} target  the seat a card is aimed at, -1 for none
 * @property {number} takes_left
 * @property {number} fan_from  -1 for none
 * @property {NasiLemakOffer|null} offer  a trade on the table
 * @property {NasiLemakSeen|null} just_seen  a card whose facts everyone just saw
 * @property {NasiLemakSeat[]} seats
 * @property {Counts} [hand]  the viewer's own hand (absent for a spectator)
 * @property {number[]} [scores]  once the game is over
 * @property {number[]} [winners]  once the game is over
 */
/**
 * @typedef {object} NasiLemakSeat
 * @property {number} seat
 * @property {number} hand_size
 * @property {Array<number|null>} nasi_lemak  packs per Nasi Lemak card (null: face down to the viewer)
 * @property {boolean[]} flies  per Nasi Lemak card, whether a fly is on it
 * @property {Counts} [known]  cards the viewer knows are in this hand (not for its own seat)
 */
/**
 * @typedef {object} NasiLemakOffer
 * @property {Counts} give
 * @property {Counts} ask
 * @property {number} taken_back
 */
/**
 * A Supplier's announcement, an Officer's examination or a Wholesaler's cards turned up.
 * @typedef {object} NasiLemakSeen
 * @property {"supplier"|"officer"|"wholesaler"} card
 * @property {number} seat
 * @property {string} [announced]  supplier: the ingredient
 * @property {number[]} [handed_over]  supplier: per seat, how many it handed over
 * @property {number} [examined]  officer: the seat examined
 * @property {Counts} [turned_up]  wholesaler
 * @property {Counts} [kept]  wholesaler
 */

/**
 * Mooncake Master (games/mooncake/view.py). Tiles are codes: a flavour letter, fillings and
 * yolk halves ("RSS<>", "GN<"); a board is 12 slots ("1NE".."3NW": cake and quarter), null empty.
 * @typedef {Envelope<MooncakePhase> & MooncakeTable} MooncakeView
 */
/** @typedef {"reveal"|"draw"|"choose"|"place"|"over"} MooncakePhase */
/**
 * @typedef {object} MooncakeTable
 * @property {number} round  1-based
 * @property {number} turn_in_round  1-based
 * @property {number[]} customers  the customers revealed so far, by card number
 * @property {number[]} festive  Festive Points per seat
 * @property {number[][]} tastes  per finished round, per seat
 * @property {Array<Array<Array<number|null>>>} served  per round, per seat, per cake: customer served
 * @property {number[]} active  seats that may act now
 * @property {Array<Array<string|null>>} boards  per seat, as the viewer sees it
 * @property {{round: number, boards: Array<Array<string|null>>}|null} scored_round  the boards
 *   as the last round was scored, while in sight
 * @property {number[]} hand_sizes
 * @property {number} pool_size
 * @property {string[]} [hand]  the viewer's tiles (absent for a spectator)
 * @property {string|null} [choice]  its keep/pass choice in words, once made
 * @property {string[]} [pending]  slots it placed this turn
 * @property {{from_left: string, from_right: string}|null} [received]  place phase: tiles got
 * @property {{left: string, right: string}|null} [passed]  place phase: tiles passed
 */

/** @typedef {PeranakanView|TeKuitiView|NasiLemakView|MooncakeView} GameView */

// --- components: what GET /api/games/GAME declares for its renderer ----------------------------

/**
 * @typedef {object} PeranakanComponents
 * @property {string[]} KUEH_TYPES
 * @property {string[]} KUEH_LETTERS
 * @property {string[]} KUEH_NAMES
 * @property {string[]} PATTERNS
 * @property {string[]} PATTERN_LETTERS
 * @property {number[]} SUPPLY_NEXT_TO
 * @property {number} WILD
 * @property {string} WILD_LETTER
 * @property {string[]} MARKET_POSITIONS
 * @property {string} COLUMN_LETTERS
 * @property {number} BOARD_ROWS
 * @property {number} BOARD_COLS
 */
/** @typedef {{COLS: number, ROWS: number}} TeKuitiComponents */
/**
 * @typedef {object} NasiLemakCard
 * @property {string} key
 * @property {string} name
 * @property {string} malay
 * @property {number} count
 * @property {string} kind  "ingredient", "action", ...
 * @property {boolean} tradable
 */
/** @typedef {{CARD_TYPES: NasiLemakCard[]}} NasiLemakComponents */
/**
 * @typedef {object} MooncakeCustomer
 * @property {number} number
 * @property {string} name
 * @property {string} text
 * @property {{stat: string, op: string, value: number}[]} conditions
 */
/**
 * @typedef {object} MooncakeComponents
 * @property {number} CAKES
 * @property {MooncakeCustomer[]} CUSTOMERS
 * @property {string[]} QUARTERS
 * @property {number} ROUNDS
 * @property {number} TURNS_PER_ROUND
 */
/**
 * Any game's components ({} for a game that declares none).
 * @typedef {Object<string, any>} Components
 */

// --- renderers -----------------------------------------------------------------------------------

/**
 * Each seat's last completed move: the records of its steps, up to the one with a sentence.
 * @typedef {Map<number, LogRecord[]>} LastMoves
 */

/**
 * What the table page gives a renderer's draw(), hint() and moveWords() (table.js `context`;
 * how_to_play.js makes one with nothing to click). V is the game's view, C its components.
 * A renderer may keep what it works out once per drawing on it (`[key: string]: any`).
 * @template [V=View]
 * @template [C=Components]
 * @typedef {object} RenderContext
 * @property {V} view
 * @property {number|null} you  the viewer's seat, null for a spectator
 * @property {LegalMove[]} legal  [] while replaying or when it is not the viewer's turn
 * @property {Map<string, number>} byText  a legal move's action by its text
 * @property {number[]} active
 * @property {number} current
 * @property {TableSummary} table
 * @property {number} numPlayers
 * @property {C} components
 * @property {string[]} selection  the picks made so far towards a move of several clicks
 * @property {boolean} finished
 * @property {Result|null|undefined} result
 * @property {boolean} wide  a wide window: the board is scaled to its height, so lay it out wide
 * @property {(seat: number) => string} seatName
 * @property {(seat: number) => string} colour  the seat's colour
 * @property {(seat: number) => string} seatMark  the seat's mark to write on its colour (its
 *   initial, with a bot's number: "A", "B2"), the same as the seat bar's (seat_marks.js)
 * @property {LogEntry[]} log
 * @property {LastMoves} lastMoves
 * @property {<N extends Element>(node: N, text: string) => N} target  make node play the legal
 *   move with this text when clicked (nothing if it is not legal)
 * @property {<N extends Element>(node: N, key: string, level?: number) => N} pick  make node
 *   choose key as a step towards a move (by default the next step)
 * @property {<N extends Element>(node: N) => N} clear  make node undo the picks made so far
 * @property {<N extends Element>(node: N, key: string) => N} piece  name node as a piece that
 *   may move: the same key for the same piece in every drawing
 * @property {<N extends Element>(node: N, name: string) => N} place  name node as a place pieces
 *   come from or go to
 * @property {(prefix: string) => LegalMove[]} startingWith  legal moves whose text starts so
 * @property {any} [marks]  the renderer's own, kept while it draws (Nasi Lemak)
 * @property {any} [seatMarks]  the renderer's own, kept while it draws (Nasi Lemak)
 */

/**
 * What a renderer's motions() is given: the views before and after a step and the log entries
 * of the step, to say what moves on the board beyond pieces found in both drawings.
 * @template [V=View]
 * @template [C=Components]
 * @typedef {object} Change
 * @property {V|undefined} before  the view drawn before (undefined for the first)
 * @property {V} view
 * @property {LogEntry[]} steps
 * @property {number|null} you
 * @property {number} numPlayers
 * @property {C} components
 * @property {number} ms  how long one motion lasts at the table's pace
 */

/**
 * One motion a renderer asks for (motion.js): a piece gliding in from a place or piece
 * (`piece` and `from`), a piece of the old drawing leaving to a place (`leave` and `to`), a
 * piece turning over (`flip`), or marked in turn (`mark`). Keys are `data-piece` and
 * `data-place` values.
 * @typedef {object} Motion
 * @property {string} [kind]  named in the journal and on the moving group ("move" by default)
 * @property {string} [piece]
 * @property {string} [from]
 * @property {string} [leave]
 * @property {string} [to]
 * @property {string} [flip]
 * @property {string} [mark]
 * @property {number} [delay]  ms before it starts
 * @property {number} [ms]  how long it lasts (the table's by default)
 */

/**
 * A game's renderer module, js/games/GAME.js: draw() is required, the rest optional.
 * @template [V=View]
 * @template [C=Components]
 * @typedef {object} Renderer
 * @property {(ctx: RenderContext<V, C>) => Element} draw  the board: an <svg> (or any element)
 * @property {(ctx: RenderContext<V, C>) => string} [hint]  what to do now, after "Your turn: "
 * @property {(ctx: RenderContext<V, C>, text: string) => string|null|undefined} [moveWords]  a
 *   legal move's text in words for the list of moves (falsy: the text itself)
 * @property {(change: Change<V, C>) => Motion[]|null|undefined} [motions]
 * @property {(view: V) => number} [holdMs]  how long a state stays on screen at least, at the normal pace (scaled with the table's)
 */

/** @typedef {RenderContext<PeranakanView, PeranakanComponents>} PeranakanContext */
/** @typedef {RenderContext<TeKuitiView, TeKuitiComponents>} TeKuitiContext */
/** @typedef {RenderContext<NasiLemakView, NasiLemakComponents>} NasiLemakContext */
/** @typedef {RenderContext<MooncakeView, MooncakeComponents>} MooncakeContext */
/** @typedef {Change<PeranakanView, PeranakanComponents>} PeranakanChange */
/** @typedef {Change<TeKuitiView, TeKuitiComponents>} TeKuitiChange */
/** @typedef {Change<NasiLemakView, NasiLemakComponents>} NasiLemakChange */
/** @typedef {Change<MooncakeView, MooncakeComponents>} MooncakeChange */

export {};
