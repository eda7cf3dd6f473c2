#include "TestData.h"
#include "catalog/Catalog.h"
#include "catalog/SchemaValidator.h"
#include "ops/eu/vatrules/VatRulesCheck.h"
#include "ops/eu/vatrules/VatRulesEngine.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::eu;

namespace {

const QDate Today(2026, 11, 25);

// One case of the decision table: the facts of a supply and what the VAT Directive says about it. The
// expectations come from the Directive's articles (and docs/vat-rules.md, which restates them), not from
// running the engine: one case per row of the table, each naming the article that fixes the place.
struct Case
{
    QString name;
    QJsonObject arguments;
    QString rule;
    QString article; // the place-of-supply article
    QString place;
    QString category;
    QString liable;
    QString vatex; // empty: none
    QString verdict;
};

QJsonObject args(const QString &supplier, const QString &customer, const QString &type, bool b2b,
    const QJsonObject &more = {})
{
    QJsonObject o { { u"supplier"_s, supplier }, { u"customer"_s, customer }, { u"type"_s, type },
        { u"b2b"_s, b2b }, { u"date"_s, Today.toString(Qt::ISODate) } };
    for (auto it = more.begin(); it != more.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

const QJsonObject VatValid { { u"customer_vat_valid"_s, true } };
const QString Determined = u"determined"_s;
const QString Review = u"review"_s;

QList<Case> decisionCases()
{
    const QString s = u"supplier"_s, c = u"customer"_s, none = u"none"_s;
    return {
        { u"igic"_s, args(u"IC"_s, u"IC"_s, u"service"_s, true), u"IGIC-LOCAL"_s, u"Art. 6"_s, u"IC"_s,
            u"L"_s, s, {}, Determined },
        { u"ipsi"_s, args(u"EA"_s, u"EA"_s, u"restaurant"_s, false, { { u"location"_s, u"EA"_s } }),
            u"IPSI-LOCAL"_s, u"Art. 6"_s, u"EA"_s, u"M"_s, s, {}, Determined },
        { u"goods-no-transport"_s, args(u"DE"_s, u"FR"_s, u"goods"_s, true, { { u"transport"_s, false } }),
            u"GOODS-NO-TRANSPORT"_s, u"Art. 31"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"goods-no-transport-outside"_s,
            args(u"DE"_s, u"DE"_s, u"goods"_s, true,
                { { u"transport"_s, false }, { u"ship_from"_s, u"US"_s } }),
            u"GOODS-NO-TRANSPORT-OUTSIDE-EU"_s, u"Art. 31"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"goods-gb-to-xi"_s, args(u"GB"_s, u"XI"_s, u"goods"_s, true), u"GOODS-UK-INTERNAL"_s,
            u"Windsor Framework Art. 8"_s, u"GB"_s, u"S"_s, s, {}, Determined },
        { u"goods-domestic"_s, args(u"DE"_s, u"DE"_s, u"goods"_s, false), u"GOODS-DOMESTIC"_s, u"Art. 32"_s,
            u"DE"_s, u"S"_s, s, {}, Determined },
        { u"goods-intra-eu"_s, args(u"DE"_s, u"FR"_s, u"goods"_s, true, VatValid), u"GOODS-INTRA-EU-B2B"_s,
            u"Art. 32"_s, u"DE"_s, u"K"_s, c, u"VATEX-EU-IC"_s, Determined },
        { u"goods-xi-to-ie"_s, args(u"XI"_s, u"IE"_s, u"goods"_s, true, VatValid), u"GOODS-INTRA-EU-B2B"_s,
            u"Art. 32"_s, u"XI"_s, u"K"_s, c, u"VATEX-EU-IC"_s, Determined },
        { u"goods-intra-eu-invalid-id"_s,
            args(u"DE"_s, u"FR"_s, u"goods"_s, true, { { u"customer_vat_valid"_s, false } }),
            u"GOODS-INTRA-EU-B2B-NO-VAT-ID"_s, u"Art. 32"_s, u"DE"_s, u"S"_s, s, {}, Review },
        { u"goods-distance-below"_s,
            args(u"DE"_s, u"FR"_s, u"goods"_s, false, { { u"above_oss_threshold"_s, false } }),
            u"GOODS-DISTANCE-SALE-BELOW-THRESHOLD"_s, u"Art. 59c"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"goods-distance"_s,
            args(u"DE"_s, u"FR"_s, u"goods"_s, false, { { u"above_oss_threshold"_s, true } }),
            u"GOODS-DISTANCE-SALE"_s, u"Art. 33"_s, u"FR"_s, u"S"_s, s, {}, Determined },
        { u"goods-export-gb"_s, args(u"DE"_s, u"GB"_s, u"goods"_s, true), u"GOODS-EXPORT"_s, u"Art. 32"_s,
            u"DE"_s, u"G"_s, none, u"VATEX-EU-G"_s, Determined },
        { u"goods-export-ch-consumer"_s, args(u"FR"_s, u"CH"_s, u"goods"_s, false), u"GOODS-EXPORT"_s,
            u"Art. 32"_s, u"FR"_s, u"G"_s, none, u"VATEX-EU-G"_s, Determined },
        { u"goods-import-b2b"_s, args(u"US"_s, u"DE"_s, u"goods"_s, true), u"GOODS-IMPORT-B2B"_s,
            u"Art. 32"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"goods-import-b2c"_s, args(u"CN"_s, u"FR"_s, u"goods"_s, false), u"GOODS-IMPORT-B2C"_s,
            u"Art. 32"_s, u"CN"_s, u"O"_s, none, u"VATEX-EU-O"_s, Review },
        { u"goods-outside"_s, args(u"US"_s, u"CH"_s, u"goods"_s, true), u"GOODS-OUTSIDE-EU"_s, u"Art. 32"_s,
            u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"service-b2b-domestic"_s, args(u"DE"_s, u"DE"_s, u"service"_s, true), u"SERVICE-B2B-DOMESTIC"_s,
            u"Art. 44"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"service-b2b-reverse-charge"_s, args(u"DE"_s, u"FR"_s, u"service"_s, true, VatValid),
            u"SERVICE-B2B-REVERSE-CHARGE"_s, u"Art. 44"_s, u"FR"_s, u"AE"_s, c, u"VATEX-EU-AE"_s,
            Determined },
        { u"service-b2b-from-us"_s, args(u"US"_s, u"DE"_s, u"service"_s, true, VatValid),
            u"SERVICE-B2B-REVERSE-CHARGE"_s, u"Art. 44"_s, u"DE"_s, u"AE"_s, c, u"VATEX-EU-AE"_s,
            Determined },
        { u"service-b2b-greece"_s, args(u"EL"_s, u"DE"_s, u"service"_s, true, VatValid),
            u"SERVICE-B2B-REVERSE-CHARGE"_s, u"Art. 44"_s, u"DE"_s, u"AE"_s, c, u"VATEX-EU-AE"_s,
            Determined },
        { u"service-b2b-outside"_s, args(u"DE"_s, u"US"_s, u"service"_s, true), u"SERVICE-B2B-OUTSIDE-EU"_s,
            u"Art. 44"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"service-b2b-xi-third-country"_s, args(u"DE"_s, u"XI"_s, u"service"_s, true),
            u"SERVICE-B2B-OUTSIDE-EU"_s, u"Art. 44"_s, u"XI"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"service-b2b-monaco"_s, args(u"MC"_s, u"FR"_s, u"service"_s, true), u"SERVICE-B2B-DOMESTIC"_s,
            u"Art. 44"_s, u"FR"_s, u"S"_s, s, {}, Determined },
        { u"digital-b2c-outside"_s, args(u"DE"_s, u"CH"_s, u"digital"_s, false), u"DIGITAL-B2C-OUTSIDE-EU"_s,
            u"Art. 58"_s, u"CH"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"digital-b2c-below"_s,
            args(u"DE"_s, u"AT"_s, u"digital"_s, false, { { u"above_oss_threshold"_s, false } }),
            u"DIGITAL-B2C-BELOW-THRESHOLD"_s, u"Art. 59c"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"digital-b2c-oss"_s,
            args(u"DE"_s, u"AT"_s, u"digital"_s, false, { { u"above_oss_threshold"_s, true } }),
            u"DIGITAL-B2C"_s, u"Art. 58"_s, u"AT"_s, u"S"_s, s, {}, Determined },
        { u"digital-b2c-non-eu-supplier"_s, args(u"US"_s, u"FR"_s, u"digital"_s, false), u"DIGITAL-B2C"_s,
            u"Art. 58"_s, u"FR"_s, u"S"_s, s, {}, Determined },
        { u"hire-long-b2c-outside"_s, args(u"DE"_s, u"NO"_s, u"long_term_hire"_s, false),
            u"HIRE-LONG-B2C-OUTSIDE-EU"_s, u"Art. 56(2)"_s, u"NO"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"hire-long-b2c"_s, args(u"DE"_s, u"IT"_s, u"long_term_hire"_s, false), u"HIRE-LONG-B2C"_s,
            u"Art. 56(2)"_s, u"IT"_s, u"S"_s, s, {}, Determined },
        { u"event-streamed-b2c-outside"_s,
            args(u"DE"_s, u"US"_s, u"event_admission"_s, false, { { u"streamed"_s, true } }),
            u"EVENT-STREAMED-B2C-OUTSIDE-EU"_s, u"Art. 54(1)"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"event-streamed-b2c"_s,
            args(u"DE"_s, u"ES"_s, u"event_admission"_s, false, { { u"streamed"_s, true } }),
            u"EVENT-STREAMED-B2C"_s, u"Art. 54(1)"_s, u"ES"_s, u"S"_s, s, {}, Determined },
        { u"event-streamed-b2b"_s,
            args(u"DE"_s, u"ES"_s, u"event_admission"_s, true,
                { { u"streamed"_s, true }, { u"customer_vat_valid"_s, true } }),
            u"SERVICE-B2B-REVERSE-CHARGE"_s, u"Art. 44"_s, u"ES"_s, u"AE"_s, c, u"VATEX-EU-AE"_s,
            Determined },
        { u"professional-b2c-outside"_s, args(u"DE"_s, u"US"_s, u"professional"_s, false),
            u"PROFESSIONAL-B2C-OUTSIDE-EU"_s, u"Art. 59"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"service-b2c-consumer-outside"_s, args(u"DE"_s, u"US"_s, u"service"_s, false), u"SERVICE-B2C"_s,
            u"Art. 45"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"professional-b2c-eu"_s, args(u"DE"_s, u"FR"_s, u"professional"_s, false), u"SERVICE-B2C"_s,
            u"Art. 45"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"service-b2c-supplier-outside"_s, args(u"US"_s, u"DE"_s, u"service"_s, false),
            u"SERVICE-B2C-SUPPLIER-OUTSIDE-EU"_s, u"Art. 45"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"property-local"_s,
            args(u"DE"_s, u"FR"_s, u"immovable_property"_s, true, { { u"location"_s, u"DE"_s } }),
            u"PROPERTY"_s, u"Art. 47"_s, u"DE"_s, u"S"_s, s, {}, Determined },
        { u"property-elsewhere-b2b"_s,
            args(u"DE"_s, u"FR"_s, u"immovable_property"_s, true, { { u"location"_s, u"AT"_s } }),
            u"PROPERTY"_s, u"Art. 47"_s, u"AT"_s, u"S"_s, s, {}, Review },
        { u"property-outside"_s,
            args(u"DE"_s, u"FR"_s, u"immovable_property"_s, true, { { u"location"_s, u"CH"_s } }),
            u"PROPERTY-OUTSIDE-EU"_s, u"Art. 47"_s, u"CH"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"passenger-transport"_s,
            args(u"IT"_s, u"DE"_s, u"passenger_transport"_s, false, { { u"location"_s, u"IT"_s } }),
            u"PASSENGER-TRANSPORT"_s, u"Art. 48"_s, u"IT"_s, u"S"_s, s, {}, Determined },
        { u"passenger-transport-outside"_s,
            args(u"DE"_s, u"DE"_s, u"passenger_transport"_s, false, { { u"location"_s, u"NO"_s } }),
            u"PASSENGER-TRANSPORT-OUTSIDE-EU"_s, u"Art. 48"_s, u"NO"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"event-b2b"_s, args(u"FR"_s, u"DE"_s, u"event_admission"_s, true, { { u"location"_s, u"FR"_s } }),
            u"EVENT-ADMISSION-B2B"_s, u"Art. 53"_s, u"FR"_s, u"S"_s, s, {}, Determined },
        { u"event-b2c"_s, args(u"FR"_s, u"DE"_s, u"event_admission"_s, false, { { u"location"_s, u"FR"_s } }),
            u"EVENT-ADMISSION-B2C"_s, u"Art. 54(1)"_s, u"FR"_s, u"S"_s, s, {}, Determined },
        { u"event-b2b-outside"_s,
            args(u"FR"_s, u"DE"_s, u"event_admission"_s, true, { { u"location"_s, u"US"_s } }),
            u"EVENT-ADMISSION-B2B-OUTSIDE-EU"_s, u"Art. 53"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"event-b2c-outside"_s,
            args(u"FR"_s, u"DE"_s, u"event_admission"_s, false, { { u"location"_s, u"US"_s } }),
            u"EVENT-ADMISSION-B2C-OUTSIDE-EU"_s, u"Art. 54(1)"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s,
            Determined },
        { u"restaurant"_s, args(u"AT"_s, u"DE"_s, u"restaurant"_s, true, { { u"location"_s, u"AT"_s } }),
            u"RESTAURANT"_s, u"Art. 55"_s, u"AT"_s, u"S"_s, s, {}, Determined },
        { u"restaurant-outside"_s,
            args(u"AT"_s, u"DE"_s, u"restaurant"_s, false, { { u"location"_s, u"CH"_s } }),
            u"RESTAURANT-OUTSIDE-EU"_s, u"Art. 55"_s, u"CH"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"hire-short"_s, args(u"ES"_s, u"DE"_s, u"short_term_hire"_s, true, { { u"location"_s, u"ES"_s } }),
            u"HIRE-SHORT"_s, u"Art. 56(1)"_s, u"ES"_s, u"S"_s, s, {}, Determined },
        { u"hire-short-outside"_s,
            args(u"ES"_s, u"DE"_s, u"short_term_hire"_s, false, { { u"location"_s, u"US"_s } }),
            u"HIRE-SHORT-OUTSIDE-EU"_s, u"Art. 56(1)"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s, Determined },
        { u"travel-margin"_s, args(u"IT"_s, u"DE"_s, u"travel_package"_s, false), u"TRAVEL-MARGIN-SCHEME"_s,
            u"Art. 307"_s, u"IT"_s, u"E"_s, s, u"VATEX-EU-D"_s, Determined },
        { u"travel-outside"_s, args(u"US"_s, u"DE"_s, u"travel_package"_s, false),
            u"TRAVEL-AGENT-OUTSIDE-EU"_s, u"Art. 307"_s, u"US"_s, u"O"_s, none, u"VATEX-EU-O"_s, Review },
    };
}

// The Art. 226 mentions per category, EN and DE, as the reference (eu-vat.md §4.4, from Art. 226(11), (11a),
// (13) and §§ 14a UStG) words them, and the article the mention must cite.
struct Mention
{
    QString en;
    QString de;
    QString article; // empty: the place-of-supply article
};

const QHash<QString, Mention> &mentions()
{
    static const QHash<QString, Mention> m {
        { u"AE"_s,
            { u"Reverse charge"_s, u"Steuerschuldnerschaft des Leistungsempfängers"_s, u"Art. 196"_s } },
        { u"K"_s,
            { u"Exempt intra-Community supply"_s, u"Steuerfreie innergemeinschaftliche Lieferung"_s,
                u"Art. 138"_s } },
        { u"G"_s, { u"Exempt export"_s, u"Steuerfreie Ausfuhrlieferung"_s, u"Art. 146"_s } },
        { u"O"_s, { u"Not subject to"_s, u"Nicht steuerbar"_s, QString() } },
        { u"E"_s, { u"Margin scheme – Travel agents"_s, u"Sonderregelung für Reisebüros"_s, u"Art. 306"_s } },
    };
    return m;
}

Result<QJsonObject> run(const QJsonObject &arguments, const VatRulesEngine &engine)
{
    const Result<VatRulesQuery> query = vatRulesQuery(arguments, Today);
    if (!query.ok())
        return query.error();
    const Result<VatDecision> decision = engine.decide(query.value());
    if (!decision.ok())
        return decision.error();
    return vatRulesResult(decision.value(), engine);
}

QStringList codesOf(const QJsonArray &reasons)
{
    QStringList codes;
    for (const QJsonValue &r : reasons)
        codes << r.toObject().value(u"code"_s).toString();
    codes.sort();
    return codes;
}

} // namespace

class TestVatRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decisionTable_data();
    void decisionTable();
    void everyRuleHasACase();
    void rowsAreWellFormed();
    void tableIsTotalAndConsistent();
    void reviewReasons_data();
    void reviewReasons();
    void ratesFromTheDatedTable_data();
    void ratesFromTheDatedTable();
    void bundledRatesMatchTheSharedData();
    void unknownCountriesAre422_data();
    void unknownCountriesAre422();
    void queryDefaults();
    void parseRateIsExact();

private:
    VatRulesEngine m_engine;
};

void TestVatRules::decisionTable_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("article");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("liable");
    QTest::addColumn<QString>("vatex");
    QTest::addColumn<QString>("verdict");
    for (const Case &c : decisionCases())
        QTest::newRow(qPrintable(c.name)) << c.arguments << c.rule << c.article << c.place << c.category
                                          << c.liable << c.vatex << c.verdict;
}

void TestVatRules::decisionTable()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, rule);
    QFETCH(QString, article);
    QFETCH(QString, place);
    QFETCH(QString, category);
    QFETCH(QString, liable);
    QFETCH(QString, vatex);
    QFETCH(QString, verdict);

    const Result<QJsonObject> r = run(arguments, m_engine);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject result = r.value();
    const QJsonObject pos = result.value(u"place_of_supply"_s).toObject();
    QCOMPARE(result.value(u"rule"_s).toObject().value(u"id"_s).toString(), rule);
    QCOMPARE(pos.value(u"article"_s).toString(), article);
    QCOMPARE(pos.value(u"country"_s).toString(), place);
    QCOMPARE(result.value(u"category"_s).toObject().value(u"code"_s).toString(), category);
    QVERIFY(!result.value(u"category"_s).toObject().value(u"name"_s).toString().isEmpty());
    QCOMPARE(result.value(u"liable"_s).toString(), liable);
    QCOMPARE(result.value(u"reverse_charge"_s).toBool(), category == u"AE"_s);
    QCOMPARE(result.value(u"verdict"_s).toString(), verdict);
    QCOMPARE(result.value(u"needs_verification"_s).toBool(), verdict == Review);
    QCOMPARE(result.value(u"reasons"_s).toArray().isEmpty(), verdict == Determined);

    // BT-121 with its code-list text; BT-120 in both languages is the invoice mention.
    const QJsonValue exemption = result.value(u"exemption"_s);
    const QJsonValue wording = result.value(u"invoice_wording"_s);
    if (vatex.isEmpty()) {
        QVERIFY(exemption.isNull());
    } else {
        QCOMPARE(exemption.toObject().value(u"code"_s).toString(), vatex);
        QVERIFY(!exemption.toObject().value(u"code_text"_s).toString().isEmpty());
        QCOMPARE(exemption.toObject().value(u"text_en"_s), wording.toObject().value(u"en"_s));
        QCOMPARE(exemption.toObject().value(u"text_de"_s), wording.toObject().value(u"de"_s));
    }
    if (mentions().contains(category)) {
        const Mention m = mentions().value(category);
        const QString en = wording.toObject().value(u"en"_s).toString();
        const QString de = wording.toObject().value(u"de"_s).toString();
        QVERIFY2(en.startsWith(m.en), qPrintable(en));
        QVERIFY2(de.startsWith(m.de), qPrintable(de));
        const QString cited = m.article.isEmpty() ? article : m.article;
        const QRegularExpression citation(QRegularExpression::escape(cited) + u"(?![0-9])"_s);
        QVERIFY2(en.contains(citation) && en.contains(u"Directive 2006/112/EC"_s), qPrintable(en));
        QVERIFY2(de.contains(citation) && de.contains(u"MwStSystRL"_s), qPrintable(de));
    } else {
        QVERIFY2(wording.isNull(), qPrintable(category));
    }
    // Every requirement is bilingual; categories that exempt or reverse-charge cite Art. 226.
    const QJsonArray requirements = result.value(u"invoice_requirements"_s).toArray();
    QVERIFY(!requirements.isEmpty());
    for (const QJsonValue &req : requirements) {
        QVERIFY(!req.toObject().value(u"en"_s).toString().isEmpty());
        QVERIFY(!req.toObject().value(u"de"_s).toString().isEmpty());
    }
    // The articles actually used, each resolved to its act and subject, the place article among them.
    const QJsonArray references = result.value(u"legal_references"_s).toArray();
    bool placeCited = false;
    for (const QJsonValue &ref : references) {
        QVERIFY(!ref.toObject().value(u"subject"_s).toString().isEmpty());
        placeCited = placeCited || article.endsWith(ref.toObject().value(u"article"_s).toString());
    }
    QVERIFY2(placeCited, qPrintable(article));
    // The rate: S and Z carry the taxing country's levels; exempt and reverse-charged supplies 0; O none.
    const QJsonValue rate = result.value(u"rate"_s);
    const QJsonValue invoiceRate = result.value(u"invoice_rate_percent"_s);
    if (category == u"S"_s) {
        QCOMPARE(rate.toObject().value(u"percent"_s), invoiceRate);
        QVERIFY(invoiceRate.toDouble() > 0);
    } else if (category == u"O"_s || category == u"L"_s || category == u"M"_s) {
        QVERIFY(rate.isNull());
        QVERIFY(invoiceRate.isNull());
    } else if (category != u"E"_s) {
        QVERIFY(rate.isNull());
        QCOMPARE(invoiceRate.toDouble(-1), 0.0);
    }
    QCOMPARE(result.value(u"rates_as_of"_s).toString(), m_engine.rates().asOf().toString(Qt::ISODate));

    static const QJsonObject schema = Catalog::loadSchema(u":/schemas/eu/vat.rules.out.json"_s);
    QVERIFY(!schema.isEmpty());
    const std::optional<ServiceError> invalid = SchemaValidator::validate(schema, result);
    QVERIFY2(!invalid, invalid ? qPrintable(invalid->message()) : "");
}

void TestVatRules::everyRuleHasACase()
{
    QSet<QString> covered;
    for (const Case &c : decisionCases())
        covered.insert(c.rule);
    for (const VatRule &rule : vatRuleTable())
        QVERIFY2(covered.contains(rule.id), qPrintable(rule.id + u" has no decision case"_s));
    QCOMPARE(covered.size(), vatRuleTable().size());
}

void TestVatRules::rowsAreWellFormed()
{
    QSet<QString> ids;
    for (const VatRule &rule : vatRuleTable()) {
        QVERIFY2(!ids.contains(rule.id), qPrintable(rule.id));
        ids.insert(rule.id);
        QVERIFY(rule.applies);
        QVERIFY(!rule.title.isEmpty());
        QVERIFY2(!rule.articles.isEmpty(), qPrintable(rule.id));
        for (const QString &article : rule.articles)
            QVERIFY2(vatLegalReference(article), qPrintable(rule.id + u": "_s + article));
        const QString category = vatCategoryCode(rule.category);
        // The VATEX code goes with exactly the category the code list allows, and carries a mention.
        if (!rule.vatex.isEmpty()) {
            QCOMPARE(m_engine.vatex().codeCategory(rule.vatex), category);
            QVERIFY2(!rule.wordingEn.isEmpty() && !rule.wordingDe.isEmpty(), qPrintable(rule.id));
        }
        const bool exemptCategory = category == u"AE"_s || category == u"K"_s || category == u"G"_s
            || category == u"O"_s || category == u"E"_s;
        QCOMPARE(rule.vatex.isEmpty(), !exemptCategory);
        QCOMPARE(rule.liable == Liable::None, category == u"G"_s || category == u"O"_s);
        QVERIFY(
            !(rule.flags & RuleFlag::AlwaysReview) || (!rule.reviewCode.isEmpty() && !rule.review.isEmpty()));
    }
}

void TestVatRules::tableIsTotalAndConsistent()
{
    // Every combination of facts over every type and every kind of territory reaches exactly the first
    // matching row, and its result is consistent with the EN 16931 rules for its category.
    const QStringList places { u"DE"_s, u"FR"_s, u"MC"_s, u"XI"_s, u"GB"_s, u"US"_s, u"IC"_s, u"EA"_s };
    const QList<std::optional<bool>> tristate { std::nullopt, true, false };
    int decisions = 0;
    for (const SupplyType type : allSupplyTypes()) {
        const bool goods = type == SupplyType::Goods;
        const bool located = type == SupplyType::ImmovableProperty || type == SupplyType::PassengerTransport
            || type == SupplyType::EventAdmission || type == SupplyType::Restaurant
            || type == SupplyType::ShortTermHire;
        const QStringList secondPlaces = goods || located
            ? QStringList { QString(), u"FR"_s, u"GB"_s, u"IC"_s }
            : QStringList { QString() };
        for (const QString &supplier : places) {
            for (const QString &customer : places) {
                for (const QString &second : secondPlaces) {
                    for (const bool b2b : { true, false }) {
                        for (const std::optional<bool> &vatValid : tristate) {
                            for (const std::optional<bool> &above : tristate) {
                                for (const bool flag : { true, false }) {
                                    VatRulesQuery q;
                                    q.supplier = supplier;
                                    q.customer = customer;
                                    q.type = type;
                                    q.b2b = b2b;
                                    q.customerVatValid = vatValid;
                                    q.aboveOssThreshold = above;
                                    q.date = Today;
                                    if (goods) {
                                        q.shipFrom = second;
                                        q.transport = flag;
                                    } else {
                                        q.location = second;
                                        q.streamed = flag;
                                    }
                                    const Result<VatDecision> r = m_engine.decide(q);
                                    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
                                    const VatDecision &d = r.value();
                                    ++decisions;
                                    const VatCategory cat = d.category;
                                    // O carries no rate element; S always names the country's rates.
                                    if (cat == VatCategory::O)
                                        QVERIFY(!d.invoiceRate && !d.rate);
                                    if (cat == VatCategory::S)
                                        QVERIFY(d.rate.has_value());
                                    // Taxed in the EU only where the place is inside its VAT rules.
                                    if (cat == VatCategory::S || cat == VatCategory::AE
                                        || cat == VatCategory::K)
                                        QVERIFY(d.placeInEu || (d.rule->flags & RuleFlag::UkRates));
                                    if (cat == VatCategory::AE || cat == VatCategory::K)
                                        QVERIFY(d.rule->liable == Liable::Customer);
                                    if (b2b && vatValid == false)
                                        QVERIFY(d.needsReview());
                                    // A reverse charge or exemption never goes out without its conditions.
                                    if ((d.rule->flags & RuleFlag::NeedsValidVatId) && !vatValid)
                                        QVERIFY(d.needsReview());
                                    for (const QString &key : d.references)
                                        QVERIFY2(vatLegalReference(key), qPrintable(key));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    QVERIFY(decisions > 10000);
}

void TestVatRules::reviewReasons_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QStringList>("reasons"); // sorted
    QTest::addColumn<QString>("treatedAs");

    const QJsonObject invalid { { u"customer_vat_valid"_s, false } };
    QTest::newRow("b2b-with-invalid-id-is-treated-as-consumer")
        << args(u"DE"_s, u"FR"_s, u"service"_s, true, invalid) << u"SERVICE-B2C"_s
        << QStringList { u"customer_vat_invalid"_s } << u"b2c"_s;
    QTest::newRow("contradiction-stated-even-if-harmless")
        << args(u"DE"_s, u"US"_s, u"goods"_s, true, invalid) << u"GOODS-EXPORT"_s
        << QStringList { u"customer_vat_invalid"_s } << u"b2b"_s;
    QTest::newRow("consumer-with-valid-id")
        << args(u"DE"_s, u"FR"_s, u"service"_s, false, VatValid) << u"SERVICE-B2C"_s
        << QStringList { u"b2c_with_valid_vat_id"_s } << u"b2c"_s;
    QTest::newRow("reverse-charge-needs-vies")
        << args(u"DE"_s, u"FR"_s, u"service"_s, true) << u"SERVICE-B2B-REVERSE-CHARGE"_s
        << QStringList { u"customer_vat_unverified"_s } << u"b2b"_s;
    QTest::newRow("intra-eu-supply-needs-vies")
        << args(u"DE"_s, u"FR"_s, u"goods"_s, true) << u"GOODS-INTRA-EU-B2B"_s
        << QStringList { u"customer_vat_unverified"_s } << u"b2b"_s;
    QTest::newRow("domestic-needs-nothing") << args(u"DE"_s, u"DE"_s, u"service"_s, true)
                                            << u"SERVICE-B2B-DOMESTIC"_s << QStringList() << u"b2b"_s;
    QTest::newRow("outside-eu-needs-no-vies") << args(u"DE"_s, u"CH"_s, u"service"_s, true)
                                              << u"SERVICE-B2B-OUTSIDE-EU"_s << QStringList() << u"b2b"_s;
    QTest::newRow("digital-threshold-unknown")
        << args(u"DE"_s, u"AT"_s, u"digital"_s, false) << u"DIGITAL-B2C"_s
        << QStringList { u"oss_threshold_unknown"_s } << u"b2c"_s;
    QTest::newRow("goods-threshold-unknown")
        << args(u"DE"_s, u"AT"_s, u"goods"_s, false) << u"GOODS-DISTANCE-SALE"_s
        << QStringList { u"oss_threshold_unknown"_s } << u"b2c"_s;
    QTest::newRow("threshold-not-for-non-eu-supplier")
        << args(u"US"_s, u"AT"_s, u"digital"_s, false) << u"DIGITAL-B2C"_s << QStringList() << u"b2c"_s;
    // Art. 59c(1)(b): only goods dispatched from the supplier's own state stay below the threshold.
    QTest::newRow("threshold-not-from-foreign-stock")
        << args(u"DE"_s, u"AT"_s, u"goods"_s, false, { { u"ship_from"_s, u"FR"_s } })
        << u"GOODS-DISTANCE-SALE"_s << QStringList() << u"b2c"_s;
    QTest::newRow("location-unknown") << args(u"DE"_s, u"DE"_s, u"restaurant"_s, false) << u"RESTAURANT"_s
                                      << QStringList { u"location_unknown"_s } << u"b2c"_s;
    QTest::newRow("member-state-option-services")
        << args(u"DE"_s, u"FR"_s, u"immovable_property"_s, true, { { u"location"_s, u"FR"_s } })
        << u"PROPERTY"_s << QStringList { u"member_state_option"_s } << u"b2b"_s;
    QTest::newRow("member-state-option-goods")
        << args(u"US"_s, u"DE"_s, u"goods"_s, true, { { u"ship_from"_s, u"DE"_s } }) << u"GOODS-DOMESTIC"_s
        << QStringList { u"member_state_option"_s } << u"b2b"_s;
    QTest::newRow("no-option-for-consumers")
        << args(u"DE"_s, u"FR"_s, u"immovable_property"_s, false, { { u"location"_s, u"FR"_s } })
        << u"PROPERTY"_s << QStringList() << u"b2c"_s;
    QTest::newRow("import-to-consumer") << args(u"CN"_s, u"FR"_s, u"goods"_s, false) << u"GOODS-IMPORT-B2C"_s
                                        << QStringList { u"import_scheme_unknown"_s } << u"b2c"_s;
    QTest::newRow("travel-agent-outside-eu")
        << args(u"US"_s, u"DE"_s, u"travel_package"_s, false) << u"TRAVEL-AGENT-OUTSIDE-EU"_s
        << QStringList { u"travel_agent_outside_eu"_s } << u"b2c"_s;
    QTest::newRow("date-before-the-table")
        << args(u"DE"_s, u"FR"_s, u"service"_s, true,
               { { u"customer_vat_valid"_s, true }, { u"date"_s, u"2021-06-30"_s } })
        << u"SERVICE-B2B-REVERSE-CHARGE"_s << QStringList { u"date_before_rules"_s } << u"b2b"_s;
    QTest::newRow("streamed-event-before-2025")
        << args(u"DE"_s, u"FR"_s, u"event_admission"_s, false,
               { { u"streamed"_s, true }, { u"date"_s, u"2024-12-31"_s } })
        << u"EVENT-STREAMED-B2C"_s << QStringList { u"date_before_rules"_s } << u"b2c"_s;
    QTest::newRow("reduced-rate-with-several-levels")
        << args(u"FR"_s, u"FR"_s, u"service"_s, false, { { u"rate_class"_s, u"reduced"_s } })
        << u"SERVICE-B2C"_s << QStringList { u"rate_level_ambiguous"_s } << u"b2c"_s;
    QTest::newRow("reduced-rate-single-level")
        << args(u"DE"_s, u"FR"_s, u"service"_s, false, { { u"rate_class"_s, u"reduced"_s } })
        << u"SERVICE-B2C"_s << QStringList() << u"b2c"_s;
    QTest::newRow("zero-rate") << args(
        u"DE"_s, u"DE"_s, u"goods"_s, false, { { u"rate_class"_s, u"zero"_s } })
                               << u"GOODS-DOMESTIC"_s << QStringList { u"zero_rate_unverified"_s }
                               << u"b2c"_s;
    QTest::newRow("no-parking-rate") << args(
        u"DE"_s, u"DE"_s, u"service"_s, false, { { u"rate_class"_s, u"parking"_s } })
                                     << u"SERVICE-B2C"_s << QStringList { u"rate_class_unavailable"_s }
                                     << u"b2c"_s;
}

void TestVatRules::reviewReasons()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, rule);
    QFETCH(QStringList, reasons);
    QFETCH(QString, treatedAs);
    const Result<QJsonObject> r = run(arguments, m_engine);
    QVERIFY(r.ok());
    const QJsonObject result = r.value();
    QCOMPARE(result.value(u"rule"_s).toObject().value(u"id"_s).toString(), rule);
    QCOMPARE(codesOf(result.value(u"reasons"_s).toArray()), reasons);
    QCOMPARE(result.value(u"verdict"_s).toString(), reasons.isEmpty() ? Determined : Review);
    QCOMPARE(result.value(u"treated_as"_s).toString(), treatedAs);
    for (const QJsonValue &reason : result.value(u"reasons"_s).toArray())
        QVERIFY(!reason.toObject().value(u"message"_s).toString().isEmpty());
    // A fact the engine filled in is always stated.
    if (reasons.contains(u"customer_vat_unverified"_s) || reasons.contains(u"oss_threshold_unknown"_s)
        || reasons.contains(u"location_unknown"_s)) {
        QStringList fields;
        for (const QJsonValue &a : result.value(u"assumptions"_s).toArray())
            fields << a.toObject().value(u"field"_s).toString();
        QVERIFY(fields.contains(u"customer_vat_valid"_s) || fields.contains(u"above_oss_threshold"_s)
            || fields.contains(u"location"_s));
    }
    if (rule == u"GOODS-DOMESTIC"_s && reasons.contains(u"zero_rate_unverified"_s)) {
        QCOMPARE(result.value(u"category"_s).toObject().value(u"code"_s).toString(), u"Z"_s);
        QCOMPARE(result.value(u"invoice_rate_percent"_s).toDouble(-1), 0.0);
    }
}

void TestVatRules::ratesFromTheDatedTable_data()
{
    // Rate levels as the reference's table (eu-vat.md §6) and the public record give them.
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("rateCountry");
    QTest::addColumn<double>("percent");
    const auto consumer = [](const QString &supplier, const QString &date) {
        return args(supplier, supplier, u"service"_s, false, { { u"date"_s, date } });
    };
    QTest::newRow("de") << consumer(u"DE"_s, u"2026-11-25"_s) << u"DE"_s << 19.0;
    QTest::newRow("de-2020-reduction") << consumer(u"DE"_s, u"2020-10-01"_s) << u"DE"_s << 16.0;
    QTest::newRow("fi-2026") << consumer(u"FI"_s, u"2026-11-25"_s) << u"FI"_s << 25.5;
    QTest::newRow("fi-before-2024-09") << consumer(u"FI"_s, u"2024-08-31"_s) << u"FI"_s << 24.0;
    QTest::newRow("greece-as-el") << consumer(u"EL"_s, u"2026-11-25"_s) << u"GR"_s << 24.0;
    QTest::newRow("hu") << consumer(u"HU"_s, u"2026-11-25"_s) << u"HU"_s << 27.0;
    QTest::newRow("lu") << consumer(u"LU"_s, u"2026-11-25"_s) << u"LU"_s << 17.0;
    QTest::newRow("monaco-is-france") << consumer(u"MC"_s, u"2026-11-25"_s) << u"FR"_s << 20.0;
    QTest::newRow("xi-goods") << args(u"XI"_s, u"XI"_s, u"goods"_s, false) << u"XI"_s << 20.0;
    QTest::newRow("gb-to-xi-uk-rates") << args(u"GB"_s, u"XI"_s, u"goods"_s, false) << u"XI"_s << 20.0;
    QTest::newRow("fi-reduced-2026") << args(
        u"FI"_s, u"FI"_s, u"service"_s, false, { { u"rate_class"_s, u"reduced"_s } })
                                     << u"FI"_s << -1.0; // two reduced levels: no single invoice rate
}

void TestVatRules::ratesFromTheDatedTable()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, rateCountry);
    QFETCH(double, percent);
    const Result<QJsonObject> r = run(arguments, m_engine);
    QVERIFY(r.ok());
    const QJsonObject rate = r.value().value(u"rate"_s).toObject();
    QCOMPARE(rate.value(u"country"_s).toString(), rateCountry);
    if (percent < 0) {
        QVERIFY(r.value().value(u"invoice_rate_percent"_s).isNull());
        QCOMPARE(rate.value(u"levels"_s).toArray(), (QJsonArray { 13.5, 10.0 }));
    } else {
        QCOMPARE(rate.value(u"percent"_s).toDouble(), percent);
        QCOMPARE(r.value().value(u"invoice_rate_percent"_s).toDouble(), percent);
    }
    QCOMPARE(r.value().value(u"rates_as_of"_s).toString(), u"2026-11-22"_s);
}

void TestVatRules::bundledRatesMatchTheSharedData()
{
    // resources/vat/rates.json is a conversion of ../shared/data/vat/rates.json: every level of every period
    // must survive it (scripts/import-vat-data.py --check compares the bytes).
    ADES_REQUIRE_SHARED_DATA();
    QFile file(test::sharedDataDir() + u"/vat/rates.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject shared = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject countries = shared.value(u"rates"_s).toObject();
    QCOMPARE(m_engine.rates().countries().size(), countries.size());
    QCOMPARE(m_engine.rates().asOf().toString(Qt::ISODate), shared.value(u"_as_of"_s).toString());
    const auto hundredths = [](const QJsonValue &v) { return qRound(v.toDouble() * 100); };
    for (auto it = countries.begin(); it != countries.end(); ++it) {
        const VatCountryRates *ours = m_engine.rates().country(it.key());
        QVERIFY2(ours, qPrintable(it.key()));
        const QJsonArray periods = it.value().toObject().value(u"periods"_s).toArray();
        QCOMPARE(ours->periods.size(), periods.size());
        for (const QJsonValue &p : periods) {
            const QJsonObject period = p.toObject();
            const QString from = period.value(u"effective_from"_s).toString();
            const QDate date
                = from.startsWith(u"0000"_s) ? QDate(1900, 1, 1) : QDate::fromString(from, Qt::ISODate);
            const VatRatePeriod *match = ours->inForce(date);
            QVERIFY(match);
            QCOMPARE(match->standard, hundredths(period.value(u"standard"_s)));
            QList<RateHundredths> reduced;
            for (const QJsonValue &level : period.value(u"reduced"_s).toArray())
                reduced << hundredths(level);
            QCOMPARE(match->reduced, reduced);
        }
    }
}

void TestVatRules::unknownCountriesAre422_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("didYouMean");
    QTest::newRow("supplier") << args(u"ZZ"_s, u"FR"_s, u"service"_s, true) << u"supplier"_s << QString();
    QTest::newRow("customer-uk") << args(u"DE"_s, u"UK"_s, u"service"_s, true) << u"customer"_s << u"GB"_s;
    QTest::newRow("customer-eu") << args(u"DE"_s, u"EU"_s, u"service"_s, true) << u"customer"_s << QString();
    QTest::newRow("ship-from") << args(u"DE"_s, u"FR"_s, u"goods"_s, true, { { u"ship_from"_s, u"QQ"_s } })
                               << u"ship_from"_s << QString();
    QTest::newRow("location") << args(u"DE"_s, u"FR"_s, u"restaurant"_s, true, { { u"location"_s, u"XX"_s } })
                              << u"location"_s << QString();
    QTest::newRow("impossible-date") << args(
        u"DE"_s, u"FR"_s, u"service"_s, true, { { u"date"_s, u"2026-02-30"_s } })
                                     << u"date"_s << QString();
}

void TestVatRules::unknownCountriesAre422()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, param);
    QFETCH(QString, didYouMean);
    const Result<QJsonObject> r = run(arguments, m_engine);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 422);
    QCOMPARE(r.error().param(), param);
    QVERIFY(r.error().message().startsWith(param + u':'));
    const QJsonValue suggestion = r.error().toJson().value(u"did_you_mean"_s);
    QCOMPARE(suggestion.toObject().value(param).toString(), didYouMean);
    QCOMPARE(suggestion.isObject(), !didYouMean.isEmpty());
}

void TestVatRules::queryDefaults()
{
    // Schema defaults and the engine's: service, b2b, standard rate, today; lower case and EL accepted.
    const Result<VatRulesQuery> q
        = vatRulesQuery(QJsonObject { { u"supplier"_s, u"el"_s }, { u"customer"_s, u"de"_s } }, Today);
    QVERIFY(q.ok());
    QCOMPARE(q.value().date, Today);
    QVERIFY(!q.value().dateGiven);
    const Result<VatDecision> d = m_engine.decide(q.value());
    QVERIFY(d.ok());
    const QJsonObject result = vatRulesResult(d.value(), m_engine);
    QCOMPARE(result.value(u"type"_s).toString(), u"service"_s);
    QCOMPARE(result.value(u"supplier"_s).toObject().value(u"country"_s).toString(), u"GR"_s);
    QCOMPARE(result.value(u"supplier"_s).toObject().value(u"vat_prefix"_s).toString(), u"EL"_s);
    QCOMPARE(result.value(u"date"_s).toString(), Today.toString(Qt::ISODate));
    bool dateStated = false;
    for (const QJsonValue &a : result.value(u"assumptions"_s).toArray())
        dateStated = dateStated || a.toObject().value(u"field"_s).toString() == u"date"_s;
    QVERIFY(dateStated);
    QCOMPARE(vatRulesSubject(d.value()), u"GR->DE service b2b 2026-11-25"_s);
}

void TestVatRules::parseRateIsExact()
{
    QCOMPARE(parseRate(u"19").value_or(-1), 1900);
    QCOMPARE(parseRate(u"25.5").value_or(-1), 2550);
    QCOMPARE(parseRate(u"4.8").value_or(-1), 480);
    QCOMPARE(parseRate(u"13.25").value_or(-1), 1325);
    QCOMPARE(parseRate(u"100").value_or(-1), 10000);
    for (const QString &bad : { u""_s, u"."_s, u"19."_s, u"1.234"_s, u"-5"_s, u"101"_s, u"1e2"_s, u"ab"_s })
        QVERIFY2(!parseRate(bad), qPrintable(bad));
    QCOMPARE(formatRate(2550), u"25.5"_s);
    QCOMPARE(formatRate(1900), u"19"_s);
    QCOMPARE(formatRate(405), u"4.05"_s);
}

QTEST_GUILESS_MAIN(TestVatRules)
#include "TestVatRules.moc"
