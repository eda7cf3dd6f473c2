#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace ades::ui {

QLocale uiLocale()
{
    const QString lang = qEnvironmentVariable("ADES_LANG");
    return lang.isEmpty() ? QLocale::system() : QLocale(lang);
}

bool loadTranslation(QTranslator &translator, const QLocale &locale)
{
    // qt_add_translations embeds ades_<lang>.qm under :/i18n.
    return translator.load(locale, u"ades"_s, u"_"_s, u":/i18n"_s);
}

void installTranslations(QCoreApplication &app)
{
    const QLocale locale = uiLocale();
    // Formatting (dates, numbers) follows the chosen language too, not only the strings.
    QLocale::setDefault(locale);

    // English is a catalogue too (its plural forms: "1 call", "2 calls"), so a language without a
    // catalogue, or the C locale, falls back to it rather than to the raw source strings.
    auto *ours = new QTranslator(&app);
    if (loadTranslation(*ours, locale) || loadTranslation(*ours, QLocale(QLocale::English)))
        QCoreApplication::installTranslator(ours);
    else
        delete ours;

    auto *qt = new QTranslator(&app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
}

} // namespace ades::ui
