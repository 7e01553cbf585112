// Each server test file migrates and seeds a living registry in its beforeAll: on a busy 2-core CI
// machine that alone can pass jest's 5-second default (a project-level testTimeout is not applied
// when several projects run together, so it is set here).
jest.setTimeout(30000);
