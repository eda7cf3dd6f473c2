#include "DisclosureNotice.h"

#include "Article50.h"
#include "DisclosureFacts.h"

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

// "(Modell X von Y)" / "(model X by Y)": the declared origin, or nothing when neither was declared.
QString originDe(const DisclosureFacts &f)
{
    if (!f.model.isEmpty() && !f.modelProvider.isEmpty())
        return u" (Modell „%1“ von %2)"_s.arg(f.model, f.modelProvider);
    if (!f.model.isEmpty())
        return u" (Modell „%1“)"_s.arg(f.model);
    if (!f.modelProvider.isEmpty())
        return u" (Anbieter: %1)"_s.arg(f.modelProvider);
    return {};
}

QString originEn(const DisclosureFacts &f)
{
    if (!f.model.isEmpty() && !f.modelProvider.isEmpty())
        return u" (model “%1” by %2)"_s.arg(f.model, f.modelProvider);
    if (!f.model.isEmpty())
        return u" (model “%1”)"_s.arg(f.model);
    if (!f.modelProvider.isEmpty())
        return u" (provider: %1)"_s.arg(f.modelProvider);
    return {};
}

// Subject of the sentence in German, with its article: "Dieser Text", "Dieses Bild" ...
QString subjectDe(ContentKind kind)
{
    switch (kind) {
    case ContentKind::Text:
        return u"Dieser Text"_s;
    case ContentKind::Image:
        return u"Dieses Bild"_s;
    case ContentKind::Audio:
        return u"Diese Audioaufnahme"_s;
    case ContentKind::Video:
        return u"Dieses Video"_s;
    }
    return u"Dieser Inhalt"_s;
}

QString subjectEn(ContentKind kind)
{
    switch (kind) {
    case ContentKind::Text:
        return u"This text"_s;
    case ContentKind::Image:
        return u"This image"_s;
    case ContentKind::Audio:
        return u"This audio recording"_s;
    case ContentKind::Video:
        return u"This video"_s;
    }
    return u"This content"_s;
}

Notice contentNotice(const DisclosureFacts &f, const Assessment &a)
{
    const Duty *deepFake = a.duty(u"deep_fake_disclosure"_s);
    const Duty *text = a.duty(u"public_interest_text_disclosure"_s);
    if (deepFake && deepFake->status == DutyStatus::Limited)
        return { deepFake->paragraph, true,
            u"Dieses Werk enthält mit künstlicher Intelligenz erzeugte oder veränderte Inhalte."_s,
            u"This work contains content generated or manipulated with artificial intelligence."_s };
    if (deepFake && deepFake->binds())
        return { deepFake->paragraph, true,
            subjectDe(f.kind) + u" wurde mit einem KI-System"_s + originDe(f)
                + u" künstlich erzeugt oder verändert."_s,
            subjectEn(f.kind) + u" has been artificially generated or manipulated with an AI system"_s
                + originEn(f) + u"."_s };
    if (text && text->binds())
        return { text->paragraph, true,
            subjectDe(f.kind) + u" wurde mit einem KI-System"_s + originDe(f)
                + u" künstlich erzeugt oder verändert."_s,
            subjectEn(f.kind) + u" has been artificially generated or manipulated with an AI system"_s
                + originEn(f) + u"."_s };
    return { u"voluntary"_s, false,
        subjectDe(f.kind) + u" wurde mit Unterstützung eines KI-Systems"_s + originDe(f) + u" erstellt."_s,
        subjectEn(f.kind) + u" was created with the help of an AI system"_s + originEn(f) + u"."_s };
}

} // namespace

QList<Notice> DisclosureNotice::compose(const DisclosureFacts &facts, const Assessment &assessment)
{
    QList<Notice> notices { contentNotice(facts, assessment) };

    if (const Duty *d = assessment.duty(u"interaction_notice"_s); d && d->binds())
        notices.append({ d->paragraph, true,
            u"Sie interagieren mit einem KI-System"_s + originDe(facts) + u", nicht mit einem Menschen."_s,
            u"You are interacting with an AI system"_s + originEn(facts) + u", not with a human."_s });
    if (const Duty *d = assessment.duty(u"emotion_biometric_notice"_s); d && d->binds()) {
        QString de;
        QString en;
        if (facts.emotionRecognition && facts.biometricCategorisation) {
            de = u"Dieses System erkennt Emotionen und ordnet Personen anhand biometrischer Daten Kategorien zu."_s;
            en = u"This system recognises emotions and assigns persons to categories based on biometric data."_s;
        } else if (facts.emotionRecognition) {
            de = u"Dieses System erkennt Emotionen anhand biometrischer Daten."_s;
            en = u"This system recognises emotions based on biometric data."_s;
        } else {
            de = u"Dieses System ordnet Personen anhand biometrischer Daten Kategorien zu."_s;
            en = u"This system assigns persons to categories based on biometric data."_s;
        }
        notices.append({ d->paragraph, true,
            de
                + u" Ihre personenbezogenen Daten werden nach der Datenschutz-Grundverordnung (EU) 2016/679 "
                  "verarbeitet."_s,
            en
                + u" Your personal data are processed in accordance with the General Data Protection "
                  u"Regulation "
                  "(EU) 2016/679."_s });
    }
    return notices;
}

} // namespace ades::disclosure
