#include "ops/disclosure/Article50.h"
#include "ops/disclosure/DisclosureFacts.h"
#include "ops/disclosure/DisclosureRecord.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::disclosure;

namespace {

const QString Sha = u"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"_s;

// "kind=image deep_fake artistic_work deployer_in_eu=false" -> the arguments of a fingerprint request.
QJsonObject factsFrom(const QString &spec)
{
    QJsonObject args { { u"content_sha256"_s, Sha } };
    const QStringList words = spec.split(u' ', Qt::SkipEmptyParts);
    for (const QString &word : words) {
        const qsizetype eq = word.indexOf(u'=');
        if (eq < 0) {
            args.insert(word, true);
            continue;
        }
        const QString key = word.left(eq);
        const QString value = word.mid(eq + 1);
        if (value == u"true"_s || value == u"false"_s)
            args.insert(key, value == u"true"_s);
        else
            args.insert(key, value);
    }
    return args;
}

// One letter per duty, in the order of Assessment::duties: paragraphs 1, 2, 3, 4 (deep fakes), 4 (text).
QString letters(const Assessment &a)
{
    QStringList out;
    for (const Duty &d : a.duties) {
        switch (d.status) {
        case DutyStatus::Applies:
            out.append(u"A"_s);
            break;
        case DutyStatus::Limited:
            out.append(u"L"_s);
            break;
        case DutyStatus::Exempt:
            out.append(u"E"_s);
            break;
        case DutyStatus::NotTriggered:
            out.append(u"N"_s);
            break;
        case DutyStatus::OutOfScope:
            out.append(u"O"_s);
            break;
        }
    }
    return out.join(u' ');
}

DisclosureFacts read(const QJsonObject &args, DisclosureFacts::Form form = DisclosureFacts::Form::Fingerprint)
{
    const Result<DisclosureFacts> facts = DisclosureFacts::read(args, form);
    if (!facts.ok())
        qFatal("unexpected refusal: %s", qPrintable(facts.error().message()));
    DisclosureFacts read = facts.value();
    read.hashContent();
    return read;
}

} // namespace

// The decision table of docs/ai-disclosure.md: Article 50(1)-(4) of Regulation (EU) 2024/1689 over every
// input that changes a duty (role, kind, public-interest text, human editorial control, artistic work,
// law enforcement, personal use, Union nexus), and the reading of the request that precedes it.
class TestAiDisclosure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decisionTable_data();
    void decisionTable();
    void scopeBasis_data();
    void scopeBasis();
    void refusals_data();
    void refusals();
    void hashesTheContentSent();
    void recordNeverHoldsTheContent();
    void noticesInGermanAndEnglish_data();
    void noticesInGermanAndEnglish();
    void datesOfApplication();
    void rolesNameTheParties();
};

void TestAiDisclosure::decisionTable_data()
{
    QTest::addColumn<QString>("facts");
    QTest::addColumn<QString>("statuses"); // 50(1) 50(2) 50(3) 50(4) deep fake, 50(4) text
    QTest::addColumn<QString>("effective"); // exceptions that held, "paragraph:id", comma-separated

    // Union nexus (Art. 2(1)).
    QTest::newRow("text-defaults") << u""_s << u"N A N N N"_s << u""_s;
    QTest::newRow("no-eu-nexus")
        << u"deployer_in_eu=false eu_users=false interacts_with_persons public_interest"_s << u"O O O O O"_s
        << u""_s;
    QTest::newRow("third-country-deployer-eu-users")
        << u"deployer_in_eu=false eu_users=true public_interest"_s << u"N A N N A"_s << u""_s;
    QTest::newRow("eu-deployer-users-abroad")
        << u"deployer_in_eu=true eu_users=false public_interest"_s << u"N A N N A"_s << u""_s;
    // Paragraph 1: providers of interacting systems.
    QTest::newRow("chat-assistant") << u"interacts_with_persons"_s << u"A A N N N"_s << u""_s;
    QTest::newRow("chat-obvious") << u"interacts_with_persons obvious_ai"_s << u"E A N N N"_s
                                  << u"50(1):obvious_ai"_s;
    QTest::newRow("obvious-without-interaction") << u"obvious_ai"_s << u"N A N N N"_s << u""_s;
    QTest::newRow("chat-law-enforcement") << u"interacts_with_persons law_enforcement"_s << u"E E N N N"_s
                                          << u"50(1):law_enforcement,50(2):law_enforcement"_s;
    QTest::newRow("chat-law-enforcement-public-reporting")
        << u"interacts_with_persons law_enforcement public_crime_reporting"_s << u"A E N N N"_s
        << u"50(2):law_enforcement"_s;
    // Paragraph 2: providers' machine-readable marking, every kind.
    QTest::newRow("image-plain") << u"kind=image"_s << u"N A N N N"_s << u""_s;
    QTest::newRow("audio-plain") << u"kind=audio"_s << u"N A N N N"_s << u""_s;
    QTest::newRow("text-assistive-editing")
        << u"assistive_editing"_s << u"N E N N N"_s << u"50(2):assistive_editing"_s;
    QTest::newRow("image-assistive-editing")
        << u"kind=image assistive_editing"_s << u"N E N N N"_s << u"50(2):assistive_editing"_s;
    // Paragraph 3: deployers of emotion recognition or biometric categorisation.
    QTest::newRow("emotion-recognition") << u"emotion_recognition"_s << u"N A A N N"_s << u""_s;
    QTest::newRow("biometric-categorisation")
        << u"kind=video biometric_categorisation"_s << u"N A A N N"_s << u""_s;
    QTest::newRow("emotion-law-enforcement") << u"emotion_recognition law_enforcement"_s << u"N E E N N"_s
                                             << u"50(2):law_enforcement,50(3):law_enforcement"_s;
    QTest::newRow("emotion-personal-use")
        << u"emotion_recognition personal_use"_s << u"N A E N N"_s << u"50(3):personal_use"_s;
    // Paragraph 4, first subparagraph: deep fakes.
    QTest::newRow("image-not-deep-fake") << u"kind=image artistic_work"_s << u"N A N N N"_s << u""_s;
    QTest::newRow("image-deep-fake") << u"kind=image deep_fake"_s << u"N A N A N"_s << u""_s;
    QTest::newRow("video-deep-fake-artistic") << u"kind=video deep_fake artistic_work"_s << u"N A N L N"_s
                                              << u"50(4) first subparagraph:artistic_work"_s;
    QTest::newRow("audio-deep-fake-law-enforcement")
        << u"kind=audio deep_fake law_enforcement"_s << u"N E N E N"_s
        << u"50(2):law_enforcement,50(4) first subparagraph:law_enforcement"_s;
    QTest::newRow("video-deep-fake-artistic-law-enforcement")
        << u"kind=video deep_fake artistic_work law_enforcement"_s << u"N E N E N"_s
        << u"50(2):law_enforcement,50(4) first subparagraph:law_enforcement,50(4) first subparagraph:artistic_work"_s;
    QTest::newRow("video-deep-fake-personal-use") << u"kind=video deep_fake personal_use"_s << u"N A N E N"_s
                                                  << u"50(4) first subparagraph:personal_use"_s;
    QTest::newRow("image-deep-fake-public-interest")
        << u"kind=image deep_fake public_interest"_s << u"N A N A N"_s << u""_s;
    // Paragraph 4, second subparagraph: text published to inform the public on matters of public interest.
    QTest::newRow("text-public-interest") << u"public_interest"_s << u"N A N N A"_s << u""_s;
    QTest::newRow("text-editorial-control")
        << u"public_interest human_review editorial_responsibility=Redaktion"_s << u"N A N N E"_s
        << u"50(4) second subparagraph:human_editorial_control"_s;
    QTest::newRow("text-review-without-responsible-person")
        << u"public_interest human_review"_s << u"N A N N A"_s << u""_s;
    QTest::newRow("text-responsible-person-without-review")
        << u"public_interest editorial_responsibility=Redaktion"_s << u"N A N N A"_s << u""_s;
    QTest::newRow("text-editorial-control-not-public")
        << u"human_review editorial_responsibility=Redaktion"_s << u"N A N N N"_s << u""_s;
    QTest::newRow("text-public-interest-law-enforcement")
        << u"public_interest law_enforcement"_s << u"N E N N E"_s
        << u"50(2):law_enforcement,50(4) second subparagraph:law_enforcement"_s;
    QTest::newRow("text-public-interest-satire")
        << u"public_interest artistic_work"_s << u"N A N N A"_s << u""_s;
    QTest::newRow("text-public-interest-personal-use")
        << u"public_interest personal_use"_s << u"N A N N E"_s << u"50(4) second subparagraph:personal_use"_s;
    QTest::newRow("text-public-interest-assistive-editing")
        << u"public_interest assistive_editing"_s << u"N E N N A"_s << u"50(2):assistive_editing"_s;
    QTest::newRow("image-public-interest") << u"kind=image public_interest"_s << u"N A N N N"_s << u""_s;
    // Several paragraphs at once; provider and deployer one party.
    QTest::newRow("all-roles-one-party")
        << u"kind=video interacts_with_persons emotion_recognition deep_fake artistic_work model_provider=Acme deployer=acme deployer_in_eu=false"_s
        << u"A A A L N"_s << u"50(4) first subparagraph:artistic_work"_s;
}

void TestAiDisclosure::decisionTable()
{
    QFETCH(QString, facts);
    QFETCH(QString, statuses);
    QFETCH(QString, effective);
    const Assessment a = Article50::assess(read(factsFrom(facts)));
    QCOMPARE(letters(a), statuses);
    QStringList held;
    for (const Duty &d : a.duties) {
        for (const ExceptionConsidered &e : d.exceptions) {
            if (e.effective)
                held.append(d.paragraph + u':' + e.id);
        }
    }
    QCOMPARE(held.join(u','), effective);
    // A notice is owed exactly when one of paragraphs 1, 3, 4 binds; marking exactly when paragraph 2 does.
    QCOMPARE(a.noticeRequired(),
        statuses.at(0) == u'A' || statuses.at(4) == u'A' || statuses.at(4) == u'L' || statuses.at(6) == u'A'
            || statuses.at(6) == u'L' || statuses.at(8) == u'A');
    QCOMPARE(a.markingRequired(), statuses.at(2) == u'A');
    for (const Duty &d : a.duties)
        QVERIFY2(!d.reasons.isEmpty(), qPrintable(d.id));
}

void TestAiDisclosure::scopeBasis_data()
{
    QTest::addColumn<QString>("facts");
    QTest::addColumn<QString>("basis");
    QTest::newRow("eu-deployer") << u"deployer_in_eu=true eu_users=false"_s << u"Art. 2(1)(b)"_s;
    QTest::newRow("output-used-in-eu") << u"deployer_in_eu=false"_s << u"Art. 2(1)(c)"_s;
    QTest::newRow("none") << u"deployer_in_eu=false eu_users=false"_s << QString();
}

void TestAiDisclosure::scopeBasis()
{
    QFETCH(QString, facts);
    QFETCH(QString, basis);
    const Assessment a = Article50::assess(read(factsFrom(facts)));
    QCOMPARE(a.scopeBasis, basis);
    QCOMPARE(a.inScope, !basis.isEmpty());
}

void TestAiDisclosure::refusals_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<int>("form");
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("code");
    const int content = int(DisclosureFacts::Form::Content);
    const int fingerprint = int(DisclosureFacts::Form::Fingerprint);
    const int either = int(DisclosureFacts::Form::Either);
    const auto with = [](const QString &key, const QJsonValue &value) {
        QJsonObject o { { u"content_sha256"_s, Sha } };
        o.insert(key, value);
        return o;
    };
    QTest::newRow("kind-unknown") << with(u"kind"_s, u"podcast"_s) << fingerprint << u"kind"_s
                                  << u"invalid_value"_s;
    QTest::newRow("kind-deepfake-is-no-kind")
        << with(u"kind"_s, u"deepfake"_s) << fingerprint << u"kind"_s << u"invalid_value"_s;
    QTest::newRow("language-unknown")
        << with(u"language"_s, u"xx"_s) << fingerprint << u"language"_s << u"invalid_value"_s;
    QTest::newRow("language-region-unknown")
        << with(u"language"_s, u"de-QQ"_s) << fingerprint << u"language"_s << u"invalid_value"_s;
    QTest::newRow("language-sentence")
        << with(u"language"_s, u"German"_s) << fingerprint << u"language"_s << u"invalid_value"_s;
    QTest::newRow("sha-63-hex") << QJsonObject { { u"content_sha256"_s, Sha.left(63) } } << fingerprint
                                << u"content_sha256"_s << u"invalid_value"_s;
    QTest::newRow("sha-not-hex") << QJsonObject { { u"content_sha256"_s, QString(Sha.left(63) + u'g') } }
                                 << fingerprint << u"content_sha256"_s << u"invalid_value"_s;
    QTest::newRow("sha-with-prefix") << QJsonObject { { u"content_sha256"_s, QString(u"0x"_s + Sha) } }
                                     << fingerprint << u"content_sha256"_s << u"invalid_value"_s;
    QTest::newRow("sha-missing") << QJsonObject { { u"model"_s, u"m"_s } } << fingerprint
                                 << u"content_sha256"_s << u"missing_field"_s;
    QTest::newRow("deep-fake-text") << with(u"deep_fake"_s, true) << fingerprint << u"deep_fake"_s
                                    << u"invalid_value"_s;
    QTest::newRow("boolean-as-text") << with(u"deployer_in_eu"_s, u"yes"_s) << fingerprint
                                     << u"deployer_in_eu"_s << u"invalid_type"_s;
    QTest::newRow("length-negative") << with(u"content_length"_s, -1) << fingerprint << u"content_length"_s
                                     << u"invalid_value"_s;
    QTest::newRow("length-fraction") << with(u"content_length"_s, 1.5) << fingerprint << u"content_length"_s
                                     << u"invalid_value"_s;
    QTest::newRow("model-too-long") << with(u"model"_s, QString(201, u'm')) << fingerprint << u"model"_s
                                    << u"too_long"_s;
    QTest::newRow("deployer-control-character")
        << with(u"deployer"_s, u"Acme\nForged line"_s) << fingerprint << u"deployer"_s << u"invalid_value"_s;
    QTest::newRow("unknown-member") << with(u"role"_s, u"provider"_s) << fingerprint << u"role"_s
                                    << u"unknown_field"_s;
    QTest::newRow("content-on-fingerprint")
        << with(u"content"_s, u"text"_s) << fingerprint << u"content"_s << u"unknown_field"_s;
    QTest::newRow("hash-on-content-form") << QJsonObject { { u"content_sha256"_s, Sha } } << content
                                          << u"content_sha256"_s << u"unknown_field"_s;
    QTest::newRow("content-missing") << QJsonObject { { u"model"_s, u"m"_s } } << content << u"content"_s
                                     << u"missing_field"_s;
    QTest::newRow("content-twice") << QJsonObject { { u"content"_s, u"a"_s },
        { u"content_base64"_s, u"YQ=="_s } }
                                   << content << u"content"_s << u"conflicting_fields"_s;
    QTest::newRow("trial-content-and-hash")
        << QJsonObject { { u"content"_s, u"a"_s }, { u"content_sha256"_s, Sha } } << either << u"content"_s
        << u"conflicting_fields"_s;
    QTest::newRow("content-empty") << QJsonObject { { u"content"_s, u""_s } } << content << u"content"_s
                                   << u"too_short"_s;
    QTest::newRow("content-over-1mib")
        << QJsonObject { { u"content"_s, QString(DisclosureFacts::MaxContentBytes + 1, u'a') } } << content
        << u"content"_s << u"too_long"_s;
    QTest::newRow("content-over-1mib-in-utf8") // 2 bytes a character in UTF-8
        << QJsonObject { { u"content"_s, QString(DisclosureFacts::MaxContentBytes / 2 + 1, QChar(0xE4)) } }
        << content << u"content"_s << u"too_long"_s;
    QTest::newRow("base64-over-1mib") << QJsonObject { { u"content_base64"_s,
        QString::fromLatin1(QByteArray(DisclosureFacts::MaxContentBytes + 3, 'a').toBase64()) } }
                                      << content << u"content_base64"_s << u"too_long"_s;
    QTest::newRow("base64-invalid") << QJsonObject { { u"content_base64"_s, u"not base64!"_s } } << content
                                    << u"content_base64"_s << u"invalid_base64"_s;
    QTest::newRow("length-with-content")
        << QJsonObject { { u"content"_s, u"a"_s }, { u"content_length"_s, 1 } } << either
        << u"content_length"_s << u"unknown_field"_s;
}

void TestAiDisclosure::refusals()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(int, form);
    QFETCH(QString, param);
    QFETCH(QString, code);
    const Result<DisclosureFacts> facts = DisclosureFacts::read(arguments, DisclosureFacts::Form(form));
    QVERIFY(!facts.ok());
    QCOMPARE(facts.error().httpStatus(), 422);
    QCOMPARE(facts.error().param(), param);
    QCOMPARE(facts.error().code(), code);
}

void TestAiDisclosure::hashesTheContentSent()
{
    // FIPS 180-2 example: SHA-256("abc").
    const QString abc = u"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"_s;
    const DisclosureFacts text = read({ { u"content"_s, u"abc"_s } }, DisclosureFacts::Form::Content);
    QCOMPARE(text.sha256, abc);
    QCOMPARE(*text.contentLength, 3);
    const DisclosureFacts bytes
        = read({ { u"content_base64"_s, u"YWJj"_s } }, DisclosureFacts::Form::Content);
    QCOMPARE(bytes.sha256, abc);
    // The caller's hash is kept as lower-case hex; its length is what the caller declares.
    const DisclosureFacts hash = read({ { u"content_sha256"_s, abc.toUpper() }, { u"content_length"_s, 3 } });
    QCOMPARE(hash.sha256, abc);
    QVERIFY(!hash.content);
    QCOMPARE(*hash.contentLength, 3);
    // UTF-8 bytes exactly as sent: "ä" is two bytes.
    QCOMPARE(*read({ { u"content"_s, u"ä"_s } }, DisclosureFacts::Form::Content).contentLength, 2);
    QCOMPARE(read({ { u"content"_s, u"x"_s }, { u"language"_s, u"DE-at"_s } }, DisclosureFacts::Form::Either)
                 .language,
        u"de-AT"_s);
}

void TestAiDisclosure::recordNeverHoldsTheContent()
{
    const QString secret = u"Streng vertraulicher Entwurf einer Pressemitteilung 4711"_s;
    const DisclosureFacts facts
        = read({ { u"content"_s, secret }, { u"public_interest"_s, true } }, DisclosureFacts::Form::Content);
    const QJsonObject record
        = DisclosureRecord::build(facts, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC), false);
    const QByteArray json = QJsonDocument(record).toJson(QJsonDocument::Compact);
    QVERIFY(!json.contains(secret.toUtf8()));
    QVERIFY(!json.contains("4711"));
    QCOMPARE(record.value(u"content"_s).toObject().value(u"hashed_by"_s).toString(), u"service"_s);
    QCOMPARE(record.value(u"content"_s).toObject().value(u"stored"_s).toBool(true), false);
    // It says that it detects nothing.
    bool saysSo = false;
    for (const QJsonValue &l : record.value(u"limitations"_s).toArray())
        saysSo = saysSo || l.toString().contains(u"does not detect AI-generated content"_s);
    QVERIFY(saysSo);
    QCOMPARE(DisclosureRecord::subject(facts), u"ai-disclosure sha256:"_s + facts.sha256);
}

void TestAiDisclosure::noticesInGermanAndEnglish_data()
{
    QTest::addColumn<QString>("facts");
    QTest::addColumn<bool>("required");
    QTest::addColumn<QString>("de");
    QTest::addColumn<QString>("en");
    QTest::newRow("voluntary-text")
        << u"model=M1 model_provider=P"_s << false
        << u"Dieser Text wurde mit Unterstützung eines KI-Systems (Modell „M1“ von P) erstellt."_s
        << u"This text was created with the help of an AI system (model “M1” by P)."_s;
    QTest::newRow("public-interest-text")
        << u"public_interest"_s << true
        << u"Dieser Text wurde mit einem KI-System künstlich erzeugt oder verändert."_s
        << u"This text has been artificially generated or manipulated with an AI system."_s;
    QTest::newRow("deep-fake-audio")
        << u"kind=audio deep_fake model=V2"_s << true
        << u"Diese Audioaufnahme wurde mit einem KI-System (Modell „V2“) künstlich erzeugt oder verändert."_s
        << u"This audio recording has been artificially generated or manipulated with an AI system (model “V2”)."_s;
    QTest::newRow("artistic-video")
        << u"kind=video deep_fake artistic_work"_s << true
        << u"Dieses Werk enthält mit künstlicher Intelligenz erzeugte oder veränderte Inhalte."_s
        << u"This work contains content generated or manipulated with artificial intelligence."_s;
    QTest::newRow("edited-text-no-duty")
        << u"public_interest human_review editorial_responsibility=Redaktion"_s << false
        << u"Dieser Text wurde mit Unterstützung eines KI-Systems erstellt."_s
        << u"This text was created with the help of an AI system."_s;
}

void TestAiDisclosure::noticesInGermanAndEnglish()
{
    QFETCH(QString, facts);
    QFETCH(bool, required);
    QFETCH(QString, de);
    QFETCH(QString, en);
    const QJsonObject record = DisclosureRecord::build(
        read(factsFrom(facts)), QDateTime(QDate(2026, 11, 29), QTime(), Qt::UTC), false);
    const QJsonObject disclosure = record.value(u"disclosure"_s).toObject();
    QCOMPARE(disclosure.value(u"required"_s).toBool(), required);
    QCOMPARE(disclosure.value(u"de"_s).toString(), de);
    QCOMPARE(disclosure.value(u"en"_s).toString(), en);
    QCOMPARE(disclosure.value(u"content_language_text"_s).toString(), de); // language defaults to de
}

void TestAiDisclosure::datesOfApplication()
{
    const DisclosureFacts facts = read(factsFrom(u""_s));
    const QJsonObject before
        = DisclosureRecord::build(facts, QDateTime(QDate(2026, 8, 1), QTime(23, 59), Qt::UTC), false)
              .value(u"dates"_s)
              .toObject();
    const QJsonObject on
        = DisclosureRecord::build(facts, QDateTime(QDate(2026, 8, 2), QTime(0, 0), Qt::UTC), true)
              .value(u"dates"_s)
              .toObject();
    QCOMPARE(before.value(u"article_50_applies_from"_s).toString(), u"2026-08-02"_s);
    QCOMPARE(before.value(u"regulation_in_force"_s).toString(), u"2024-08-01"_s);
    QCOMPARE(before.value(u"applies_on_record_date"_s).toBool(), false);
    QCOMPARE(on.value(u"applies_on_record_date"_s).toBool(), true);
    QCOMPARE(on.value(u"reported_amendment"_s).toObject().value(u"verified"_s).toBool(true), false);
}

void TestAiDisclosure::rolesNameTheParties()
{
    const QJsonObject record = DisclosureRecord::build(
        read(factsFrom(u"kind=image deep_fake interacts_with_persons model_provider=Acme deployer=News"_s)),
        QDateTime(QDate(2026, 11, 29), QTime(), Qt::UTC), false);
    const QJsonObject roles = record.value(u"roles"_s).toObject();
    QCOMPARE(roles.value(u"provider"_s).toObject().value(u"binding_paragraphs"_s).toArray(),
        (QJsonArray { u"50(1)"_s, u"50(2)"_s }));
    QCOMPARE(roles.value(u"deployer"_s).toObject().value(u"binding_paragraphs"_s).toArray(),
        QJsonArray { u"50(4) first subparagraph"_s });
    QCOMPARE(roles.value(u"same_party"_s).toBool(true), false);
    const QJsonArray obligations = record.value(u"obligations"_s).toArray();
    QCOMPARE(obligations.at(0).toObject().value(u"party"_s).toString(), u"Acme"_s);
    QCOMPARE(obligations.at(3).toObject().value(u"party"_s).toString(), u"News"_s);
    // The marking methods of an image include C2PA content credentials, machine-readable.
    const QJsonArray methods = record.value(u"marking"_s).toObject().value(u"methods"_s).toArray();
    QCOMPARE(methods.first().toObject().value(u"method"_s).toString(), u"c2pa_content_credentials"_s);
    QVERIFY(methods.first().toObject().value(u"machine_readable"_s).toBool());
}

QTEST_APPLESS_MAIN(TestAiDisclosure)
#include "TestAiDisclosure.moc"
