import { forgetKey, storedKey } from '../../web/api';
import { showKeyForm } from '../../web/key-form';
import { showShell } from './shell';

const app = document.getElementById('app')!;

// The key form and the shell lead to each other; the ways between them are set here, so neither imports the other.

function askForKey(problem?: string): void {
  showKeyForm(app, { title: 'Conversation debugger', keys: 'a VIEWER key is enough' }, () => void showShell(app, signOut), problem);
}

function signOut(problem?: string): void {
  forgetKey();
  askForKey(problem);
}

if (storedKey()) void showShell(app, signOut);
else askForKey();
