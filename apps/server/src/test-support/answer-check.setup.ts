import { answerCheck } from '../lib/response-serializer.js';

// Every server test file: each answer is also checked against its zod response schema before the
// compiled serializer writes it, so a handler answering what its schema does not allow fails the
// test (a 500) instead of being coerced into shape. Production never runs this (ADR 0019).
answerCheck.enabled = true;
