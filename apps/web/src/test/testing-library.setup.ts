import { configure } from '@testing-library/react';

// Pages load parts of themselves lazily and once idle (the toast and modal host, the sign-up
// channel's card): on a loaded CI machine those chunks can take longer in jsdom than Testing
// Library's default 1 s wait, which failed the ban modal's tests while the whole suite ran. A
// missing element still fails, after 5 s instead of 1.
configure({ asyncUtilTimeout: 5_000 });
