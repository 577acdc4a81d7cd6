import { openPage } from '../../web/key-form';
import { showShell } from './shell';

openPage(document.getElementById('app')!, { title: 'Conversation debugger', keys: 'a VIEWER key is enough' }, showShell);
