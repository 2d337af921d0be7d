import { beforeAll } from "vitest";
import { preloadAllDialogs } from "../components/lazy-dialog";

// A test file's imports are evaluated before this runs, so every dialog they define is known.
beforeAll(() => preloadAllDialogs(), 60_000);
