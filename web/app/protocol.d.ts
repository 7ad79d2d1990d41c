// Generated from protocol.schema.json by tools/protocol_types.mjs: edit the schema, then run
// `node tools/protocol_types.mjs`. The schema is the protocol's source of truth.

export type BootAnswer = BootReady | ErrorAnswer;
/**
 * engine.bots' four levels, then the random-legal probe.
 */
export type BotLevel = "easy" | "medium" | "hard" | "expert" | "random";
export type ExportName = "boot" | "new_game" | "new_position" | "act" | "bot_step" | "resume" | "forget" | "undo";
/**
 * Stable codes; the page shows the catalog's error.<code>. From the engine (EngineError) or the worker itself: no_game (no game in progress, or nothing saved), import (the engine did not load), internal (a bug: an exception that is not an EngineError).
 */
export type ErrorCode =
  | "bad_action"
  | "bad_card"
  | "bad_config"
  | "bad_deal"
  | "bad_json"
  | "bad_link"
  | "bad_option"
  | "bad_players"
  | "bad_position"
  | "bad_rank"
  | "bad_save"
  | "bad_seat"
  | "bad_seed"
  | "cannot_believe"
  | "cannot_pass"
  | "card_not_in_hand"
  | "game_over"
  | "import"
  | "internal"
  | "must_call"
  | "no_cards"
  | "no_game"
  | "not_your_turn"
  | "nothing_to_call"
  | "nothing_to_undo"
  | "option_not_in_preset"
  | "too_many_cards"
  | "unknown_action"
  | "unknown_option"
  | "unknown_preset"
  | "wrong_rank";
export type Preset = "classic" | "quick";
export type SeatIndex = number;
export type DeckSize = 36 | 52;
export type Decks = 1 | 2;
export type Ending = "single" | "last_loser" | "match";
/**
 * Hands in a match (the ending "match").
 */
export type MatchHands = number;
/**
 * Plays and calls in one hand before it ends by the move limit.
 */
export type MoveLimit = number;
/**
 * "human" for the person's seat, a bot level for every other seat.
 */
export type SeatLevel = "human" | BotLevel;
export type NewGameAnswer = TableAnswer | ErrorAnswer;
/**
 * One thing that happened, as the human may see it (docs/rules.md lists them).
 */
export type GameEvent =
  | DealtEvent
  | RoundOpenedEvent
  | PlayedEvent
  | PassedEvent
  | ChallengedEvent
  | BelievedEvent
  | RevealedEvent
  | TookPileEvent
  | DiscardedEvent
  | DrewEvent
  | OutEvent
  | HandOverEvent
  | GameOverEvent;
export type Count = number;
export type Rank = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K" | "A";
/**
 * Rank then suit: 6H, 10S, QD, AC.
 */
export type Card = string;
/**
 * "cap": the table's cap ended a hand only bots still played (Game.end_by_move_limit).
 */
export type HandEndReason = "out" | "last_loser" | "move_limit" | "cap";
/**
 * How the last hand ended, or "match" once a match's hands are played.
 */
export type GameEndReason = "out" | "last_loser" | "move_limit" | "cap" | "match";
/**
 * What the human seat does (docs/protocol.md, Actions).
 */
export type Action = PlayAction | ChallengeAction | BelieveAction | PassAction;
/**
 * An error leaves the game as it was.
 */
export type ActAnswer = TableAnswer | ErrorAnswer;
/**
 * When no bot is to move, the table as it is (actor null, no events).
 */
export type BotStepAnswer = TableAnswer | ErrorAnswer;
/**
 * no_game: nothing saved; bad_save: the save could not be read back and was deleted.
 */
export type ResumeAnswer = ResumedTable | ErrorAnswer;
export type ForgetAnswer = Forgotten | ErrorAnswer;
/**
 * The table before that decision, answered like resume(); nothing_to_undo before the human's first decision, game_over once the game is over, no_game without a game.
 */
export type UndoAnswer = ResumedTable | ErrorAnswer;

/**
 * The worker protocol (docs/worker-protocol.md): every export of web/app/worker.py with the request the page sends it (absent: the export takes no argument) and the answer it gives. Both cross as JSON text. No message has this root shape; validate a message against its own definition in $defs.
 */
export interface WorkerCalls {
  boot: BootCall;
  new_game: NewGameCall;
  new_position: NewPositionCall;
  act: ActCall;
  bot_step: BotStepCall;
  resume: ResumeCall;
  forget: ForgetCall;
  undo: UndoCall;
}
/**
 * boot(): called once the worker started; says whether the engine loaded.
 */
export interface BootCall {
  answer: BootAnswer;
}
export interface BootReady {
  ok: true;
  /**
   * The engine's version.
   */
  engine: string;
  bot_levels: BotLevel[];
  /**
   * The functions the worker exports; the page checks every one is there.
   */
  exports: ExportName[];
}
/**
 * A refusal or a failure, never an exception across the boundary.
 */
export interface ErrorAnswer {
  ok: false;
  error: ErrorCode;
  /**
   * An English sentence for logs and developers.
   */
  message: string;
}
/**
 * new_game(setup): deals a new game, replacing any game in progress.
 */
export interface NewGameCall {
  request: NewGameRequest;
  answer: NewGameAnswer;
}
/**
 * The setup of a game. The resumed answer gives it back as sent.
 */
export interface NewGameRequest {
  config: GameConfig;
  /**
   * The seat the person plays; every other seat is a bot.
   */
  human: number;
  /**
   * Every seat in play order, the human's included.
   *
   * @minItems 2
   * @maxItems 6
   */
  seats: Seat[];
}
/**
 * The engine's configuration (engine/config.py make_config). Without a seed the worker draws one and never tells it.
 */
export interface GameConfig {
  preset: Preset;
  players: number;
  seed?: number;
  dealer?: SeatIndex;
  options?: GameOptions;
}
/**
 * The options asked for; the engine fills every one left out (engine.config.describe() lists them with their defaults).
 */
export interface GameOptions {
  deck?: DeckSize;
  /**
   * null: by player count (two decks with six classic players).
   */
  decks?: Decks | null;
  draw?: boolean;
  no_aces?: boolean;
  ascending?: boolean;
  open_challenge?: boolean;
  ending?: Ending;
  hands?: MatchHands;
  keep_rank_after_failed_challenge?: boolean;
  /**
   * null: no limit.
   */
  move_limit?: MoveLimit | null;
}
export interface Seat {
  name: string;
  level: SeatLevel;
}
/**
 * The table as the human seat may see it, after one action or none.
 */
export interface TableAnswer {
  ok: true;
  /**
   * The seat whose action this answers; null when none acted (a new game, a bot_step with no bot to move).
   */
  actor: SeatIndex | null;
  /**
   * What the action caused, as the human may see it.
   */
  events: GameEvent[];
  view: SeatView;
  /**
   * A bot is to move: the page calls bot_step() next.
   */
  bot_to_move: boolean;
  seats: Seat[];
  human: SeatIndex;
  tracker: TrackerReport;
  /**
   * Only after a bot acted: how long it took to choose, in this worker.
   */
  think_ms?: number;
  review?: HandReview;
  position?: PositionInfo;
}
export interface DealtEvent {
  type: "dealt";
  hand: number;
  dealer: SeatIndex;
  /**
   * Cards dealt to each seat.
   */
  counts: Count[];
  /**
   * Cards left in the stock.
   */
  stock: number;
}
export interface RoundOpenedEvent {
  type: "round_opened";
  seat: SeatIndex;
  rank: Rank;
}
export interface PlayedEvent {
  type: "played";
  seat: SeatIndex;
  count: number;
  rank: Rank;
  /**
   * Only in the human's own plays.
   */
  cards?: Card[];
}
export interface PassedEvent {
  type: "passed";
  seat: SeatIndex;
}
export interface ChallengedEvent {
  type: "challenged";
  seat: SeatIndex;
  /**
   * The author of the play called.
   */
  target: number;
}
export interface BelievedEvent {
  type: "believed";
  seat: SeatIndex;
  /**
   * The author of the play called.
   */
  target: number;
}
export interface RevealedEvent {
  type: "revealed";
  /**
   * The author of the play.
   */
  seat: number;
  cards: Card[];
  rank: Rank;
  honest: boolean;
}
export interface TookPileEvent {
  type: "took_pile";
  seat: SeatIndex;
  count: Count;
}
export interface DiscardedEvent {
  type: "discarded";
  seat: SeatIndex;
  cards: Card[];
}
export interface DrewEvent {
  type: "drew";
  seat: SeatIndex;
  count: number;
  /**
   * Only when the human drew.
   */
  cards?: Card[];
}
export interface OutEvent {
  type: "out";
  seat: SeatIndex;
  place: number;
}
export interface HandOverEvent {
  type: "hand_over";
  hand: number;
  reason: HandEndReason;
  ranking: Placing[];
  losers: SeatIndex[];
}
export interface Placing {
  seat: SeatIndex;
  /**
   * 1 is first; equal players share a place.
   */
  place: number;
  /**
   * Cards held at the end of the hand (not in a match's final ranking).
   */
  cards?: number;
}
/**
 * The game's result (the view's result), as an event.
 */
export interface GameOverEvent {
  type: "game_over";
  reason: GameEndReason;
  ranking: Placing[];
  winner: SeatIndex | null;
  draw: boolean;
  losers: SeatIndex[];
  scores: Count[];
}
/**
 * game.view(human): everything the human seat may know (engine/view.py).
 */
export interface SeatView {
  seat: SeatIndex;
  players: number;
  preset: Preset;
  options: TableOptions;
  /**
   * Sorted by rank, then suit.
   */
  hand: Card[];
  hand_sizes: Count[];
  pile_size: Count;
  stock_size: Count;
  /**
   * Face up, in order.
   */
  discard: Card[];
  /**
   * The fixed rank of the round; null: the opener chooses (always null in ascending mode).
   */
  round_rank: Rank | null;
  /**
   * Ascending mode: the rank the next play must claim (null otherwise).
   */
  next_rank: Rank | null;
  /**
   * The next play opens a round.
   */
  opening: boolean;
  last_play: LastPlay | null;
  revealed: Reveal[];
  /**
   * The one seat that may act now; null when the game is over.
   */
  to_move: SeatIndex | null;
  /**
   * Whose regular turn it is (during a window: who takes it next).
   */
  turn: SeatIndex | null;
  /**
   * Open-challenge window: seats still to be offered a call, the first one acts now.
   */
  window: SeatIndex[];
  /**
   * Finishing order of this hand so far.
   */
  out: SeatIndex[];
  /**
   * Penalty points of a match, by seat.
   */
  scores: Count[];
  hand_number: number;
  dealer: SeatIndex;
  /**
   * Plays and calls this hand.
   */
  moves: number;
  move_limit: MoveLimit | null;
  over: boolean;
  result: GameResult | null;
  /**
   * What the human may do now; null unless the human is to move.
   */
  legal: Legal | null;
}
/**
 * Every option's value in the game being played (decks resolved).
 */
export interface TableOptions {
  deck: DeckSize;
  decks: Decks;
  draw: boolean;
  no_aces: boolean;
  ascending: boolean;
  open_challenge: boolean;
  ending: Ending;
  hands: MatchHands;
  keep_rank_after_failed_challenge: boolean;
  /**
   * null: no limit.
   */
  move_limit: MoveLimit | null;
}
/**
 * The top play of the pile, its cards unseen.
 */
export interface LastPlay {
  seat: SeatIndex;
  count: number;
  rank: Rank;
  /**
   * It can still be called.
   */
  unresolved: boolean;
}
/**
 * A play turned over this hand, and where its cards went.
 */
export interface Reveal {
  seat: SeatIndex;
  cards: Card[];
  rank: Rank;
  honest: boolean;
  /**
   * The seat that took the pile, the discard heap, or (quick: believed honest last cards) the pile.
   */
  to: SeatIndex | ("discard" | "pile");
}
export interface GameResult {
  reason: GameEndReason;
  ranking: Placing[];
  /**
   * null: a draw (several first places).
   */
  winner: SeatIndex | null;
  draw: boolean;
  losers: SeatIndex[];
  scores: Count[];
}
export interface Legal {
  /**
   * null: the human may not play now.
   */
  play: PlayRule | null;
  challenge: boolean;
  believe: boolean;
  pass: boolean;
}
/**
 * How many cards a play may hold, and the ranks it may claim.
 */
export interface PlayRule {
  min: number;
  max: number;
  /**
   * @minItems 1
   */
  ranks: Rank[];
}
/**
 * engine.tracker.track(view, the events the human saw this hand): what the human can know of where each rank's cards are. Built from nothing the human did not see.
 */
export interface TrackerReport {
  seat: SeatIndex;
  ranks: TrackerRank[];
}
export interface TrackerRank {
  rank: Rank;
  /**
   * Copies of the rank in play.
   */
  total: number;
  mine: Count;
  discard: Count;
  /**
   * The human's own cards of the rank still on the pile.
   */
  pile: number;
  /**
   * Per seat: cards of the rank it holds for certain (0 for the human's own seat).
   */
  held: Count[];
  unaccounted: Count;
}
/**
 * Only in the answer whose events end a hand (hand_over): that hand's review, with every card that was hidden. Never earlier.
 */
export interface HandReview {
  hand: number;
  reason: HandEndReason;
  ranking: Placing[];
  losers: SeatIndex[];
  plays: ReviewPlay[];
  calls: ReviewCall[];
  /**
   * One line per seat, in seat order.
   */
  players: ReviewLine[];
  /**
   * Every seat's hand as it stood when the hand ended, in seat order.
   */
  hands: Card[][];
}
export interface ReviewPlay {
  seat: SeatIndex;
  rank: Rank;
  /**
   * @minItems 1
   */
  cards: Card[];
  /**
   * Every card is of the claimed rank.
   */
  honest: boolean;
  /**
   * How the play was called, or null if it never was.
   */
  call: "challenge" | "believe" | null;
}
export interface ReviewCall {
  seat: SeatIndex;
  kind: "challenge" | "believe";
  target: SeatIndex;
  /**
   * Index of the called play in plays.
   */
  play: number;
  /**
   * A challenge of a bluff, or belief in an honest play.
   */
  right: boolean;
  /**
   * Who took the pile, or null (believed honest cards were discarded, or stayed on the pile).
   */
  taker: SeatIndex | null;
  /**
   * Cards the taker took: what the call cost.
   */
  taken: number;
}
export interface ReviewLine {
  seat: SeatIndex;
  plays: Count;
  bluffs: Count;
  /**
   * Bluffs revealed by a challenge.
   */
  caught: number;
  calls_won: Count;
  calls_lost: Count;
  /**
   * Cards taken from the pile this hand.
   */
  taken: number;
}
/**
 * Only at a position: its caption (text, text per language, or a catalog key) and, once the reader has decided, what the decision did (engine.position.explain).
 */
export interface PositionInfo {
  caption:
    | string
    | {
        [k: string]: string | undefined;
      }
    | null;
  explanation?: Explanation;
}
/**
 * engine.position.explain: the reader's decision, the rule that decided (reason), the pile's plays with their true cards, what was turned up, who took the pile, who went out, how the game ended, who acts next.
 */
export interface Explanation {
  seat: SeatIndex;
  decision: "play" | "challenge" | "believe" | "pass";
  reason:
    | "challenge_honest"
    | "challenge_bluff"
    | "believe_honest"
    | "believe_honest_last"
    | "believe_bluff"
    | "played_on"
    | "passed";
  pile: {
    seat: SeatIndex;
    cards: Card[];
    rank: Rank;
    honest: boolean;
  }[];
  revealed: {
    seat: SeatIndex;
    cards: Card[];
    rank: Rank;
    honest: boolean;
  } | null;
  taker: SeatIndex | null;
  count: Count;
  out: SeatIndex[];
  ended: string | null;
  winner: SeatIndex | null;
  next: SeatIndex | null;
  opening: boolean;
  drew: {
    seat: SeatIndex;
    count: Count;
  }[];
}
/**
 * new_position(request): sets up a position (docs/positions.md) in place of any game in progress; never saved. The bots play until the reader decides, then the table holds still with the explanation.
 */
export interface NewPositionCall {
  request: NewPositionRequest;
  answer: NewGameAnswer;
}
/**
 * A position: the link's text (after #position=) or the position object (engine/position.py), and the bots' level.
 */
export interface NewPositionRequest {
  position: string | {};
  level?: BotLevel;
}
/**
 * act(action): the human seat's action.
 */
export interface ActCall {
  request: Action;
  answer: ActAnswer;
}
/**
 * Cards face down, claimed to be of one rank.
 */
export interface PlayAction {
  type: "play";
  /**
   * @minItems 1
   */
  cards: Card[];
  rank: Rank;
}
/**
 * Ne veryu: the last play is turned over.
 */
export interface ChallengeAction {
  type: "challenge";
}
/**
 * Veryu: the last play is turned over, betting it is honest.
 */
export interface BelieveAction {
  type: "believe";
}
/**
 * No call, in an open-challenge window.
 */
export interface PassAction {
  type: "pass";
}
/**
 * bot_step(): the bot to move acts once; the page paces these calls.
 */
export interface BotStepCall {
  answer: BotStepAnswer;
}
/**
 * resume(options?): the game saved before a reload, if any.
 */
export interface ResumeCall {
  request?: ResumeRequest;
  answer: ResumeAnswer;
}
export interface ResumeRequest {
  /**
   * The IndexedDB key the page saves under ("current"; the embed page "embed"). Later saves go there too.
   */
  slot?: string;
}
/**
 * A table answer for the game restored from the save, with what the page needs to write its log again.
 */
export interface ResumedTable {
  ok: true;
  actor: null;
  /**
   * Always empty: nothing was done.
   *
   * @maxItems 0
   */
  events: GameEvent[];
  view: SeatView;
  bot_to_move: boolean;
  seats: Seat[];
  human: SeatIndex;
  tracker: TrackerReport1;
  /**
   * The events the human saw so far (the last thousand).
   */
  log: GameEvent[];
  /**
   * Who moved first, for the log's opening line.
   */
  first: SeatIndex | null;
  setup: NewGameRequest;
}
/**
 * engine.tracker.track(view, the events the human saw this hand): what the human can know of where each rank's cards are. Built from nothing the human did not see.
 */
export interface TrackerReport1 {
  seat: SeatIndex;
  ranks: TrackerRank[];
}
/**
 * forget(): drops the game in progress and its saved copy.
 */
export interface ForgetCall {
  answer: ForgetAnswer;
}
export interface Forgotten {
  ok: true;
}
/**
 * undo(): takes back the human's last decision and every bot move after it, by replaying the action log up to it (the bots choose again from their seeds).
 */
export interface UndoCall {
  answer: UndoAnswer;
}
