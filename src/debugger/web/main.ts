import { forgetKey, storedKey } from './api';
import { showKeyForm } from './key-form';
import { showShell } from './shell';

const app = document.getElementById('app')!;

function askForKey(problem?: string): void {
  showKeyForm(app, () => void showShell(app, signOut), problem);
}

function signOut(problem?: string): void {
  forgetKey();
  askForKey(problem);
}

if (storedKey()) void showShell(app, signOut);
else askForKey();
