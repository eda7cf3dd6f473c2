#pragma once

class QCoreApplication;
class QLocale;
class QTranslator;

namespace ades::ui {

// The console's language: ADES_LANG ("de", "en_GB") when set, else the system locale.
QLocale uiLocale();
// Loads the console's catalogue for `locale` from the embedded resources (:/i18n); false when there is none
// for that language, and the English source strings show.
bool loadTranslation(QTranslator &translator, const QLocale &locale);
// Installs the console's catalogue for uiLocale() (English when there is none for it) and Qt's own
// (standard dialogs) into `app`.
void installTranslations(QCoreApplication &app);

} // namespace ades::ui
