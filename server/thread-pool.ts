/**
 * The platform's data queries and state statements both run on libuv's thread pool (DuckDB's Node API), as
 * WebCrypto does. Its default of four threads let four long data queries hold up every Platform API statement
 * behind them (a burst of panes: bench/platform-load.ts). libuv reads this when the pool first starts, so this
 * module is imported before anything else that could start it.
 */
process.env.UV_THREADPOOL_SIZE ??= '16';

export {};
