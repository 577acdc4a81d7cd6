import { forgetKey, storedKey } from './api';
import { showKeyForm } from './key-form';
import { showShell } from './shell';

const app = document.getElementById('app')!;

// The key form and the shell lead to each other; the ways between them are set here, so neither imports the other.

function askForKey(problem?: string): void {
  showKeyForm(app, () => void showShell(app, signOut), problem);
}

function signOut(problem?: string): void {
  forgetKey();
  askForKey(problem);
}

if (storedKey()) void showShell(app, signOut);
else askForKey();
