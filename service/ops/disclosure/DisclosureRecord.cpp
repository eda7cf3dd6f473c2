#include "DisclosureRecord.h"

#include "Article50.h"
#include "DisclosureFacts.h"
#include "DisclosureNotice.h"
#include "MarkingMethods.h"
#include "core/Clock.h"

#include <QDate>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::disclosure {

const QString DisclosureRecord::Contract = u"ai-disclosure-record/1"_s;
// Bumped whenever a rule of docs/ai-disclosure.md changes what a record says for the same facts.
const QString DisclosureRecord::PolicyVersion = u"ai-disclosure-policy/2026-11-29.1"_s;

namespace {

// Art. 113: entry into force on the twentieth day after publication in the OJ (12 July 2024); Article 50
// (Chapter IV) applies from the general date of application.
const QDate EntryIntoForce(2024, 8, 1);
const QDate Article50Applies(2026, 8, 2);

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QJsonObject dutyJson(const Duty &d, const DisclosureFacts &f)
{
    QJsonArray exceptions;
    for (const ExceptionConsidered &e : d.exceptions)
        exceptions.append(QJsonObject { { u"id"_s, e.id }, { u"provision"_s, e.provision },
            { u"claimed"_s, e.claimed }, { u"effective"_s, e.effective }, { u"effect"_s, e.effect } });
    const QString party = d.addressee == Addressee::Provider ? f.modelProvider : f.deployer;
    return { { u"paragraph"_s, d.paragraph }, { u"id"_s, d.id }, { u"title"_s, d.title },
        { u"addressee"_s, addresseeName(d.addressee) }, { u"party"_s, orNull(party) },
        { u"status"_s, statusName(d.status) }, { u"binds"_s, d.binds() },
        { u"reasons"_s, QJsonArray::fromStringList(d.reasons) }, { u"exceptions_considered"_s, exceptions } };
}

// Roles as the inputs give them: the provider develops the generating system and places it on the market
// (Art. 3(3)), the deployer uses it under its own authority (Art. 3(4)); one party may be both.
QJsonObject rolesJson(const DisclosureFacts &f, const Assessment &a)
{
    const bool same
        = !f.modelProvider.isEmpty() && f.modelProvider.compare(f.deployer, Qt::CaseInsensitive) == 0;
    QJsonArray providerDuties;
    QJsonArray deployerDuties;
    for (const Duty &d : a.duties) {
        if (!d.binds())
            continue;
        (d.addressee == Addressee::Provider ? providerDuties : deployerDuties).append(d.paragraph);
    }
    return { { u"provider"_s,
                 QJsonObject {
                     { u"name"_s, orNull(f.modelProvider) }, { u"binding_paragraphs"_s, providerDuties } } },
        { u"deployer"_s,
            QJsonObject { { u"name"_s, orNull(f.deployer) }, { u"in_eu"_s, f.deployerInEu },
                { u"personal_non_professional_use"_s, f.personalUse },
                { u"binding_paragraphs"_s, deployerDuties } } },
        { u"same_party"_s, same } };
}

QJsonObject datesJson(const QDateTime &now)
{
    const bool applies = now.date() >= Article50Applies;
    return {
        { u"regulation_in_force"_s, EntryIntoForce.toString(Qt::ISODate) },
        { u"article_50_applies_from"_s, Article50Applies.toString(Qt::ISODate) },
        { u"basis"_s,
            u"Art. 113 of Regulation (EU) 2024/1689: in force on the twentieth day after publication "
            "in the Official Journal (12 July 2024), applicable from 2 August 2026, the date Article 50 "
            "takes effect."_s },
        { u"applies_on_record_date"_s, applies },
        { u"record_date"_s, now.date().toString(Qt::ISODate) },
        { u"reported_amendment"_s,
            QJsonObject { { u"verified"_s, false },
                { u"note"_s,
                    u"Secondary sources report that the \"Digital Omnibus on AI\" (political agreement of 7 "
                    u"May "
                    "2026) keeps 2 August 2026 for Article 50 but gives generative systems placed on the "
                    "market "
                    "before that date until 2 December 2026 for the marking duty of paragraph 2. Not "
                    "verified "
                    "against a text published in the Official Journal; this record does not apply it."_s } } },
        { u"penalties"_s,
            u"Art. 99(4): administrative fines of up to EUR 15 000 000 or 3 % of total worldwide annual "
            "turnover of the preceding financial year, whichever is higher."_s },
    };
}

QJsonObject disclosureJson(const DisclosureFacts &f, const Assessment &a)
{
    const QList<Notice> notices = DisclosureNotice::compose(f, a);
    QJsonArray list;
    for (const Notice &n : notices)
        list.append(QJsonObject { { u"paragraph"_s, n.paragraph }, { u"required"_s, n.required },
            { u"de"_s, n.de }, { u"en"_s, n.en } });
    const Notice &first = notices.first();
    const bool german = f.language.startsWith(u"de"_s);
    const bool english = f.language.startsWith(u"en"_s);
    return {
        { u"required"_s, a.noticeRequired() },
        { u"de"_s, first.de },
        { u"en"_s, first.en },
        { u"content_language_text"_s,
            german        ? QJsonValue(first.de)
                : english ? QJsonValue(first.en)
                          : QJsonValue(QJsonValue::Null) },
        { u"notices"_s, list },
        // Art. 50(5).
        { u"when_and_how"_s,
            u"Clearly and distinguishably, at the latest at the time of the first interaction or exposure, "
            "meeting the applicable accessibility requirements (Art. 50(5))."_s },
        { u"wording"_s,
            u"Proposed wording; Article 50 prescribes no text. A translation into the content's language "
            "is the deployer's choice where it is neither German nor English."_s },
    };
}

QJsonObject markingJson(const DisclosureFacts &f, const Assessment &a)
{
    return {
        { u"required"_s, a.markingRequired() },
        { u"duty"_s,
            u"Art. 50(2): outputs marked in a machine-readable format and detectable as artificially "
            u"generated "
            "or manipulated; solutions effective, interoperable, robust and reliable as far as technically "
            "feasible, given the kind of content, the cost and the state of the art."_s },
        { u"methods"_s, MarkingMethods::forKind(f.kind) },
        { u"this_record"_s,
            u"This record is a fingerprint and logging method (recital 133): it binds the SHA-256 of the "
            u"content "
            "to its declared origin under a signed receipt. It does not mark the content itself."_s },
    };
}

} // namespace

QString DisclosureRecord::subject(const DisclosureFacts &facts)
{
    return u"ai-disclosure sha256:"_s + facts.sha256;
}

QJsonObject DisclosureRecord::build(const DisclosureFacts &f, const QDateTime &now, bool trial)
{
    const Assessment a = Article50::assess(f);
    QJsonArray obligations;
    for (const Duty &d : a.duties)
        obligations.append(dutyJson(d, f));

    QJsonObject declared { { u"interacts_with_persons"_s, f.interactsWithPersons },
        { u"obvious_ai"_s, f.obviousAi }, { u"emotion_recognition"_s, f.emotionRecognition },
        { u"biometric_categorisation"_s, f.biometricCategorisation }, { u"deep_fake"_s, f.deepFake },
        { u"public_interest"_s, f.publicInterest }, { u"human_review"_s, f.humanReview },
        { u"editorial_responsibility"_s, orNull(f.editorialResponsibility) },
        { u"artistic_work"_s, f.artisticWork }, { u"law_enforcement"_s, f.lawEnforcement },
        { u"public_crime_reporting"_s, f.publicCrimeReporting },
        { u"assistive_editing"_s, f.assistiveEditing }, { u"personal_use"_s, f.personalUse } };

    return {
        { u"contract"_s, Contract },
        { u"policy_version"_s, PolicyVersion },
        { u"trial"_s, trial },
        { u"recorded_at"_s, isoUtc(now) },
        { u"content"_s,
            QJsonObject { { u"sha256"_s, f.sha256 },
                { u"hashed_by"_s, f.content ? u"service"_s : u"caller"_s },
                { u"length_bytes"_s,
                    f.contentLength ? QJsonValue(*f.contentLength) : QJsonValue(QJsonValue::Null) },
                { u"kind"_s, kindName(f.kind) }, { u"language"_s, f.language }, { u"stored"_s, false } } },
        { u"origin"_s,
            QJsonObject { { u"model"_s, orNull(f.model) }, { u"model_provider"_s, orNull(f.modelProvider) },
                { u"deployer"_s, orNull(f.deployer) }, { u"purpose"_s, orNull(f.purpose) },
                { u"deployer_in_eu"_s, f.deployerInEu }, { u"eu_users"_s, f.euUsers },
                { u"ai_generated_or_manipulated"_s, true }, { u"basis"_s, u"declared by the caller"_s } } },
        { u"declared"_s, declared },
        { u"roles"_s, rolesJson(f, a) },
        { u"regulation"_s,
            QJsonObject { { u"name"_s, u"Regulation (EU) 2024/1689 (Artificial Intelligence Act)"_s },
                { u"celex"_s, u"32024R1689"_s },
                { u"eli"_s, u"http://data.europa.eu/eli/reg/2024/1689/oj"_s },
                { u"article"_s,
                    u"Article 50: transparency obligations for providers and deployers of certain "
                    "AI systems"_s } } },
        { u"scope"_s,
            QJsonObject { { u"in_scope"_s, a.inScope }, { u"basis"_s, orNull(a.scopeBasis) },
                { u"reason"_s, a.scopeReason } } },
        { u"obligations"_s, obligations },
        { u"general_provisions"_s,
            QJsonArray {
                u"Art. 50(5): the information is given clearly and distinguishably at the latest at the "
                "first interaction or exposure, and meets the accessibility requirements."_s,
                u"Art. 50(6): paragraphs 1 to 4 leave the requirements of Chapter III (high-risk systems) "
                u"and "
                "other transparency duties under Union or national law untouched."_s,
                u"Art. 50(7): codes of practice on detecting and labelling artificially generated or "
                u"manipulated "
                "content, and Commission implementing acts, may set out how the duties are met."_s } },
        { u"dates"_s, datesJson(now) },
        { u"disclosure"_s, disclosureJson(f, a) },
        { u"marking"_s, markingJson(f, a) },
        { u"limitations"_s,
            QJsonArray {
                u"The record attests the origin and circumstances the caller declared for content with "
                "this SHA-256; the service did not check them."_s,
                u"The service does not detect AI-generated content and never claims to: it neither analyses "
                "nor classifies the content, and no record says whether a text was written by a human or a "
                "machine."_s,
                u"The content is not stored and not returned; only its hash and length are recorded."_s,
                u"A reading of Article 50 of Regulation (EU) 2024/1689 for the declared facts; not legal "
                u"advice. "
                "Other law (GDPR, copyright, consumer, media or electoral law) is not assessed."_s } },
    };
}

} // namespace ades::disclosure
