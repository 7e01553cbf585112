// jsdom has no fetch/Request/Response/Headers: hand it Node's own (undici) so that the API
// client runs unchanged in component and saga tests, and nock can intercept it.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    g.fetch = fetch;
    g.Request = Request;
    g.Response = Response;
    g.Headers = Headers;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.structuredClone = structuredClone;
    g.ReadableStream = ReadableStream;
    g.WritableStream = WritableStream;
    g.TransformStream = TransformStream;
    g.BroadcastChannel = BroadcastChannel;
  }
}

module.exports = JsdomWithFetchEnvironment;
