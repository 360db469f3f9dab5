// jsdom lacks globals that react-router 7 and react-admin need; without them a render hangs.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['TextEncoder', 'TextDecoder', 'Request', 'Response', 'Headers', 'fetch', 'ReadableStream', 'TransformStream', 'WritableStream', 'structuredClone', 'BroadcastChannel', 'AbortController', 'AbortSignal'];

class ConsoleTestEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of fromNode) if (globalThis[name]) this.global[name] = globalThis[name];
  }
}

module.exports = ConsoleTestEnvironment;
