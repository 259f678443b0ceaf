// Preloaded into the local chain's process (node --require): the chain exits when the process
// that started it is gone, even one killed outright (SIGKILL, a crash), because its end of the
// chain's stdin closes with it. A chain left behind would keep its port and serve stale state.
process.stdin
  .on("end", () => process.exit(0))
  .on("error", () => process.exit(0))
  .resume();
