import { openPage } from '../../web/key-form';
import { showShell } from './shell';

openPage(
  document.getElementById('app')!,
  { title: 'Loadout', keys: 'a VIEWER key can look, an EDITOR or ADMIN key can also apply changes' },
  showShell,
);
