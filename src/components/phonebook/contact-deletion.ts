import phonebookMessages from 'virtual:messages/phonebook';
import type { ContactView } from '../../common/contacts';
import { translator } from '../../i18n/translator';
import { deleteContacts } from '../../stores/phonebook';

// Deleting contacts from the phonebook: what is asked first, and what is said after.

const t = translator({ phonebook: phonebookMessages });

/** Contacts waiting for the person to confirm their deletion, and the question that names them. */
export interface Deleting {
  contacts: ContactView[];
  question: string;
}

export function deletingOf(contacts: ContactView[]): Deleting {
  return {
    contacts,
    question:
      contacts.length === 1
        ? t('phonebook.confirmDeleteOne', { name: contacts[0]!.name })
        : t('phonebook.confirmDeleteMany', { count: contacts.length }),
  };
}

/** Deletes them: "Deleted Ada Lovelace." or why nothing was. */
export async function deleteAsked({ contacts }: Deleting): Promise<{ ok: boolean; said: string }> {
  const result = await deleteContacts(contacts.map((contact) => contact.id));
  if (!result.ok) return { ok: false, said: t('phonebook.deleteFailed', { reason: result.message }) };
  const one = result.data.deleted === 1 && contacts.length === 1;
  return {
    ok: true,
    said: one ? t('phonebook.deletedOne', { name: contacts[0]!.name }) : t('phonebook.deletedMany', { count: result.data.deleted }),
  };
}
