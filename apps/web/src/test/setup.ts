import { configure } from '@testing-library/react';

// The web tests share a 2-core CI machine with the database and browser suites (.ci/run's lanes):
// a screen that compiles its modules on first use can take longer than testing-library's 1 s.
configure({ asyncUtilTimeout: 5000 });
