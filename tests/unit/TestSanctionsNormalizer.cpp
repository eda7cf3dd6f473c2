#include "TestData.h"
#include "ops/eu/sanctions/NameNormalizer.h"
#include "ops/eu/sanctions/NameScorer.h"

#include <QFile>
#include <QTest>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ades::eu;

namespace {

// NameScorer's similarity of two tokens, each from the writing it names (phonetic key filled as the index
// does).
double similarity(const QString &a, ScriptTransliterator::Writing writingA, const QString &b,
    ScriptTransliterator::Writing writingB)
{
    return NameScorer::tokenSimilarity(NameScorer::Token { a, NameNormalizer::phoneticKey(a), 1.0, writingA },
        NameScorer::Token { b, NameNormalizer::phoneticKey(b), 1.0, writingB });
}

} // namespace

// Normalisation per script and token handling; expected forms follow ICU's transforms as ScriptTransliterator
// chooses them (BGN/PCGN Russian and Ukrainian, UNGEGN Greek, ICU Arabic-Latin, McCune-Reischauer Korean,
// pinyin with name readings).
class TestSanctionsNormalizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fold_data();
    void fold();
    void tokens_data();
    void tokens();
    void phoneticKey_data();
    void phoneticKey();
    void skeletonKey_data();
    void skeletonKey();
    void unvocalisedAgainstLatin();
    void unvocalisedSpacing();
    void syllableKey_data();
    void syllableKey();
    void soundKey_data();
    void soundKey();
    void transcribedAgainstLatin();
    void rigourResources();
    void tokenSimilarity_data();
    void tokenSimilarity();
    void jaroWinklerReference();
    void foldOnManyThreads();
};

void TestSanctionsNormalizer::fold_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("folded");
    QTest::newRow("latin-case") << u"ERIC Badege"_s << u"eric badege"_s;
    QTest::newRow("latin-diacritics")
        << u"Aleksandr Lukašėnka Müller Çelik"_s << u"aleksandr lukasenka muller celik"_s;
    QTest::newRow("latin-special-letters")
        << u"Straße Łukasz Søren Æsir"_s << u"strasse lukasz soren aesir"_s;
    QTest::newRow("apostrophes-join") << u"O’Brien N'Diaye"_s << u"obrien ndiaye"_s;
    QTest::newRow("punctuation-splits") << u"al-Fitouri,  Ahmad (Oumar)"_s << u"al fitouri ahmad oumar"_s;
    QTest::newRow("cyrillic-russian")
        << u"Владимир Владимирович ПУТИН"_s << u"vladimir vladimirovich putin"_s;
    QTest::newRow("cyrillic-kh-zh-ts") << u"Хабаров Жуков Цой"_s << u"khabarov zhukov tsoy"_s;
    QTest::newRow("cyrillic-ukrainian")
        << u"Тетяна Анатоліївна МАНЕЖИНА"_s << u"tetyana anatoliyivna manezhyna"_s;
    QTest::newRow("greek") << u"Αλέξης Τσίπρας"_s << u"alexis tsipras"_s;
    QTest::newRow("greek-final-sigma-theta") << u"ΘΕΟΔΩΡΟΣ"_s << u"theodoros"_s;
    QTest::newRow("arabic") << u"صدام حسين"_s << u"sdam hsyn"_s;
    QTest::newRow("arabic-hamza-folded") << u"أحمد"_s << u"ahmd"_s;
    QTest::newRow("persian") << u"حسین موسوی"_s << u"hsyn mwswy"_s;
    // Katakana: the long-vowel mark and ICU's "~" before a small vowel stay inside the name part.
    QTest::newRow("katakana-long-and-small-vowels")
        << u"セルゲイ・ヴィクトロヴィチ・ラブロフ"_s << u"serugei vuikutorovuichi raburofu"_s;
    QTest::newRow("fullwidth-nfkd") << u"ＡＢＣ"_s << u"abc"_s;
    QTest::newRow("arabic-article-apart") << u"صدام حسين التكريتي"_s << u"sdam hsyn al tkryty"_s;
    QTest::newRow("urdu-letters") << u"ٹیپو"_s << u"typw"_s;
    QTest::newRow("arabic-harakat-dropped") << u"مُحَمَّد"_s << u"mhmd"_s;
    QTest::newRow("hebrew-niqqud-dropped") << u"לֵוִי"_s << u"lwy"_s;
    QTest::newRow("hebrew") << u"ינון לוי"_s << u"ynwn lwy"_s;
    QTest::newRow("korean-syllables") << u"김영복"_s << u"kim yong pok"_s;
    QTest::newRow("korean-initial-rieul") << u"리송진"_s << u"ri song chin"_s;
    QTest::newRow("han-surname-apart") << u"习近平"_s << u"xi jinping"_s;
    QTest::newRow("han-two-character-surname") << u"欧阳文君"_s << u"ouyang wenjun"_s;
    QTest::newRow("han-foreign-name") << u"弗拉基米尔·普京"_s << u"fulajimier pujing"_s;
    QTest::newRow("devanagari-final-schwa") << u"व्लादिमीर पुतिन"_s << u"vladimir putin"_s;
    QTest::newRow("georgian") << u"ბარაკ ობამა"_s << u"barak obama"_s;
    QTest::newRow("armenian") << u"Վլադիմիր Պուտին"_s << u"vladimir putin"_s;
    QTest::newRow("thai-one-word") << u"ปูติน"_s << u"putin"_s;
    QTest::newRow("russian-soft-sign") << u"Наталья Подъячев"_s << u"natalya podyachev"_s;
    QTest::newRow("cyrillic-homoglyph-in-latin") << u"Рutin"_s << u"putin"_s;
    QTest::newRow("latin-i-in-belarusian") << u"Iванавіч"_s << u"ivanavich"_s;
    QTest::newRow("devanagari-zero-width-joiner") << u"अमात्‍य"_s << u"amaty"_s;
    QTest::newRow("mixed-scripts") << u"Vladimir Путин"_s << u"vladimir putin"_s;
    QTest::newRow("only-punctuation") << u" -- .. "_s << QString();
}

void TestSanctionsNormalizer::fold()
{
    QFETCH(QString, input);
    QFETCH(QString, folded);
    QCOMPARE(NameNormalizer::fold(input), folded);
}

void TestSanctionsNormalizer::tokens_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QStringList>("tokens");
    const int person = int(NameNormalizer::NameKind::Person);
    const int org = int(NameNormalizer::NameKind::Organisation);
    const int unknown = int(NameNormalizer::NameKind::Unknown);
    QTest::newRow("prefix-dropped") << u"Dr. Ayman al-Zawahiri"_s << person
                                    << QStringList { u"ayman"_s, u"al"_s, u"zawahiri"_s };
    QTest::newRow("only-prefix-kept") << u"Sheikh"_s << person << QStringList { u"sheikh"_s };
    QTest::newRow("person-legal-form-untouched")
        << u"Ali Co"_s << person << QStringList { u"ali"_s, u"co"_s };
    QTest::newRow("org-llc-phrase") << u"Alfa Limited Liability Company"_s << org
                                    << QStringList { u"alfa"_s, u"llc"_s };
    QTest::newRow("org-ooo-cyrillic") << u"ООО Ромашка"_s << org << QStringList { u"llc"_s, u"romashka"_s };
    QTest::newRow("org-jsc") << u"Joint Stock Company Rosneft"_s << org
                             << QStringList { u"jsc"_s, u"rosneft"_s };
    QTest::newRow("org-ag") << u"Siemens Aktiengesellschaft"_s << unknown
                            << QStringList { u"siemens"_s, u"ag"_s };
    QTest::newRow("misspelt-legal-form")
        << u"Eastern Stevedoring Kompany"_s << org << QStringList { u"eastern"_s, u"stevedoring"_s, u"co"_s };
    QTest::newRow("title-dropped") << u"Президент Путин"_s << person << QStringList { u"putin"_s };
    QTest::newRow("title-romanian-articled")
        << u"Președintele Iohannis"_s << person << QStringList { u"iohannis"_s };
    QTest::newRow("title-indonesian")
        << u"Presiden Prabowo Subianto"_s << unknown << QStringList { u"prabowo"_s, u"subianto"_s };
    QTest::newRow("title-phrase") << u"Prim-ministrul Ion Popescu"_s << person
                                  << QStringList { u"ion"_s, u"popescu"_s };
    QTest::newRow("title-after-name-hungarian") << u"Putyin elnök"_s << person << QStringList { u"putyin"_s };
    QTest::newRow("title-after-name-korean")
        << u"푸틴 대통령"_s << person << QStringList { u"pu"_s, u"tin"_s };
    QTest::newRow("title-arabic-articled")
        << u"الرئيس بشار الأسد"_s << person << QStringList { u"bshar"_s, u"al"_s, u"asd"_s };
    QTest::newRow("name-not-title") << u"Amir Khan"_s << person << QStringList { u"amir"_s, u"khan"_s };
    QTest::newRow("before-name-title-kept-later")
        << u"Ahmed Sheikh"_s << person << QStringList { u"ahmed"_s, u"sheikh"_s };
    QTest::newRow("only-titles-kept") << u"General"_s << person << QStringList { u"general"_s };
    QTest::newRow("patronymic-suffixes")
        << u"Volodymyrovych Wladimirowitsch Anatoliyivna Anatolyevna Ivanovich"_s << person
        << QStringList { u"volodymyrovich"_s, u"wladimirovich"_s, u"anatoliovna"_s, u"anatolovna"_s,
               u"ivanovich"_s };
    // The suffix as the other languages of the EU write it (cs/sk/sl/hr, nl, sv/da/no, ca, pl, hu, ro, lt,
    // fi/et; German and Polish -owna, Belarusian -awna).
    QTest::newRow("patronymic-suffixes-other-languages")
        << u"Vladimirovič Wladimirowitsj Vladimirovitj Vladímirovitx Władimirowicz Vlagyimirovics "
           u"Vladimirovici Vladimirovičius Vladimirovitš Władimirowna Аляксандраўна"_s
        << person
        << QStringList { u"vladimirovich"_s, u"wladimirovich"_s, u"vladimirovich"_s, u"vladimirovich"_s,
               u"wladimirovich"_s, u"vlagyimirovich"_s, u"vladimirovich"_s, u"vladimirovich"_s,
               u"vladimirovich"_s, u"wladimirovna"_s, u"alyaksandrovna"_s };
    QTest::newRow("not-patronymic") << u"Ivanov Kovac Vasiliev"_s << person
                                    << QStringList { u"ivanov"_s, u"kovac"_s, u"vasiliev"_s };
    // Arabic titles that are also family names go only before the name, as their Latin forms do.
    QTest::newRow("arabic-title-before-name") << u"الشيخ أحمد"_s << person << QStringList { u"ahmd"_s };
    QTest::newRow("arabic-family-name-not-title")
        << u"أحمد الشيخ"_s << person << QStringList { u"ahmd"_s, u"al"_s, u"shykh"_s };
    QTest::newRow("name-particle-ur-not-hungarian-title")
        << u"Zia-ur-Rahman Madani"_s << person << QStringList { u"zia"_s, u"ur"_s, u"rahman"_s, u"madani"_s };
    QTest::newRow("family-name-doctor-kept")
        << u"Abdul Moez Al Doctor"_s << person << QStringList { u"abdul"_s, u"moez"_s, u"al"_s, u"doctor"_s };
    QTest::newRow("org-title-untouched")
        << u"General Electric"_s << org << QStringList { u"general"_s, u"electric"_s };
    QTest::newRow("initial-not-legal-form") << u"S Bank"_s << org << QStringList { u"s"_s, u"bank"_s };
}

void TestSanctionsNormalizer::tokens()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    QFETCH(QStringList, tokens);
    const NameNormalizer normalizer;
    QCOMPARE(normalizer.tokens(name, NameNormalizer::NameKind(kind)), tokens);
}

void TestSanctionsNormalizer::phoneticKey_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("mohammed-muhammad") << u"mohammed"_s << u"muhammad"_s << true;
    QTest::newRow("sergei-sergey") << u"sergei"_s << u"sergey"_s << true;
    QTest::newRow("khalid-halid") << u"khalid"_s << u"halid"_s << true;
    QTest::newRow("mikhail-mihail") << u"mikhail"_s << u"mihail"_s << true;
    QTest::newRow("tschernow-chernov") << u"tschernow"_s << u"chernov"_s << true;
    QTest::newRow("dzhamal-djamal-jamal") << u"dzhamal"_s << u"djamal"_s << true;
    QTest::newRow("wladimir-vladimir") << u"wladimir"_s << u"vladimir"_s << true;
    QTest::newRow("youssef-yusuf") << u"youssef"_s << u"yusuf"_s << true;
    QTest::newRow("yusuf-jusuf") << u"yusuf"_s << u"jusuf"_s << true;
    QTest::newRow("philip-filip") << u"philip"_s << u"filip"_s << true;
    QTest::newRow("putin-merkel") << u"putin"_s << u"merkel"_s << false;
}

void TestSanctionsNormalizer::phoneticKey()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    QCOMPARE(NameNormalizer::phoneticKey(a) == NameNormalizer::phoneticKey(b), same);
}

void TestSanctionsNormalizer::skeletonKey_data()
{
    // An Arabic or Hebrew spelling (romanised) against a Latin one.
    QTest::addColumn<QString>("unvocalised");
    QTest::addColumn<QString>("latin");
    QTest::addColumn<bool>("same");
    QTest::newRow("hussein") << u"hsyn"_s << u"hussein"_s << true;
    QTest::newRow("husayni-not-husayn") << u"hsyny"_s << u"hussein"_s << false;
    QTest::newRow("mohammadi-not-mohammed") << u"mhmdy"_s << u"mohamed"_s << false;
    QTest::newRow("putin-b-for-p") << u"bwtyn"_s << u"putin"_s << true;
    QTest::newRow("vladimir-f-for-v") << u"fladymyr"_s << u"vladimir"_s << true;
    QTest::newRow("fatima-ta-marbuta") << u"fatmh"_s << u"fatimah"_s << true;
    QTest::newRow("jamal-not-emil") << u"jmal"_s << u"emil"_s << false;
    QTest::newRow("medial-w-long-vowel") << u"mwsy"_s << u"musa"_s << true;
}

void TestSanctionsNormalizer::skeletonKey()
{
    QFETCH(QString, unvocalised);
    QFETCH(QString, latin);
    QFETCH(bool, same);
    using Writing = ScriptTransliterator::Writing;
    QCOMPARE(NameNormalizer::skeletonKey(unvocalised, Writing::Unvocalised)
            == NameNormalizer::skeletonKey(latin, Writing::Alphabetic),
        same);
}

void TestSanctionsNormalizer::unvocalisedAgainstLatin()
{
    using Writing = ScriptTransliterator::Writing;
    auto sim = [](const QString &unvocalised, const QString &latin) {
        return similarity(unvocalised, Writing::Unvocalised, latin, Writing::Alphabetic);
    };
    QCOMPARE(sim(u"hsyn"_s, u"hussein"_s), 0.85);
    QCOMPARE(sim(u"prwyz"_s, u"pervez"_s), 0.85); // Persian medial w read as v
    QCOMPARE(sim(u"mwsy"_s, u"musa"_s), 0.85); // medial w read as the long vowel
    QCOMPARE(sim(u"mwswy"_s, u"mousavi"_s), 0.85); // one w the vowel, the other v
    QCOMPARE(sim(u"hsyny"_s, u"hussein"_s), 0.0);
    QCOMPARE(similarity(u"hsyn"_s, Writing::Unvocalised, u"hsyny"_s, Writing::Unvocalised), 0.0);
}

void TestSanctionsNormalizer::unvocalisedSpacing()
{
    // The same Arabic letters spaced otherwise are the same name.
    using Writing = ScriptTransliterator::Writing;
    auto tokens = [](const QStringList &texts) {
        QList<NameScorer::Token> out;
        for (const QString &t : texts)
            out.append(NameScorer::Token { t, NameNormalizer::phoneticKey(t), 1.0, Writing::Unvocalised });
        return out;
    };
    QVERIFY(NameScorer::nameSimilarity(tokens({ u"abdallh"_s }), tokens({ u"abd"_s, u"allh"_s })) >= 0.9);
}

void TestSanctionsNormalizer::syllableKey_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("mr-rr-chong-jong") << u"chong"_s << u"jong"_s << true;
    QTest::newRow("yeong-young") << u"yeong"_s << u"young"_s << true;
    QTest::newRow("kum-geum") << u"kum"_s << u"geum"_s << true;
    QTest::newRow("wade-giles-hsi-xi") << u"hsi"_s << u"xi"_s << true;
    QTest::newRow("yang-not-yong") << u"yang"_s << u"yong"_s << false;
    QTest::newRow("xu-not-su") << u"xu"_s << u"su"_s << false;
}

void TestSanctionsNormalizer::syllableKey()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    QCOMPARE(NameNormalizer::syllableKey(a) == NameNormalizer::syllableKey(b), same);
}

void TestSanctionsNormalizer::soundKey_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("key");
    QTest::newRow("lavrov") << u"lavrov"_s << u"lplp"_s;
    QTest::newRow("katakana-lavrov") << u"raburofu"_s << u"lplp"_s; // l/r one sound, v written b, f
    QTest::newRow("shoigu") << u"shoigu"_s << u"sk"_s;
    QTest::newRow("pinyin-ti-as-ji") << u"pujing"_s << u"ptn"_s; // ng ends like n
    QTest::newRow("geminate-and-cluster") << u"medvedev"_s << u"mtptp"_s;
    QTest::newRow("katakana-medvedev") << u"medobejefu"_s << u"mtptp"_s; // inserted vowels, v as b
    QTest::newRow("c-before-e") << u"cecilia"_s << u"sl"_s;
    QTest::newRow("c-elsewhere") << u"carlos"_s << u"kls"_s;
}

void TestSanctionsNormalizer::soundKey()
{
    QFETCH(QString, token);
    QFETCH(QString, key);
    QCOMPARE(NameNormalizer::soundKey(token), key);
}

// A transcription into a script of open syllables may lose a consonant of the spelling, never gain one, and a
// short key only supports a match.
void TestSanctionsNormalizer::transcribedAgainstLatin()
{
    using Writing = ScriptTransliterator::Writing;
    auto sim = [](const QString &transcribed, const QString &latin) {
        return similarity(transcribed, Writing::Transcribed, latin, Writing::Alphabetic);
    };
    QCOMPARE(sim(u"raburofu"_s, u"lavrov"_s), 0.85);
    QCOMPARE(sim(u"yalishanda"_s, u"alexander"_s), 0.75); // 亚历山大: the final r lost
    QCOMPARE(sim(u"lukashenke"_s, u"reznik"_s), 0.0); // one consonant more than the spelling
    QCOMPARE(sim(u"mira"_s, u"mayer"_s), 0.5); // two kinds: support, never a match alone
    QCOMPARE(sim(u"raburofu"_s, u"lavrova"_s), 0.85); // four kinds: the consonants decide
    // Three kinds or fewer are shared by many names: the transcription must keep the first vowel.
    QCOMPARE(sim(u"puchin"_s, u"putin"_s), 0.85);
    QCOMPARE(sim(u"ripika"_s, u"rabah"_s), 0.0);
    QCOMPARE(sim(u"surin"_s, u"sarin"_s), 0.0);
    // Two transcriptions, or a transcription and an unvocalised spelling, lose nothing between them.
    QCOMPARE(similarity(u"yalishanda"_s, Writing::Transcribed, u"arekusandoru"_s, Writing::Transcribed), 0.0);
    QCOMPARE(similarity(u"raburofu"_s, Writing::Transcribed, u"lbrwf"_s, Writing::Unvocalised), 0.0);
}

void TestSanctionsNormalizer::rigourResources()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString dir = ades::test::sharedDataDir() + u"/sanctions/matching_resources/"_s;
    QFile orgTypes(dir + u"rigour_org_types.yml"_s);
    QVERIFY(orgTypes.open(QIODevice::ReadOnly));
    NameNormalizer normalizer;
    QVERIFY(normalizer.addRigourOrgTypes(orgTypes.readAll()) > 1500);
    // Spellings only the rigour table knows fold to the same compare form as the common one.
    const QStringList typo
        = normalizer.tokens(u"Acme Public Limted Company"_s, NameNormalizer::NameKind::Organisation);
    const QStringList plain = normalizer.tokens(u"Acme PLC"_s, NameNormalizer::NameKind::Organisation);
    QCOMPARE(typo, plain);
    QCOMPARE(typo.size(), 2);
    QVERIFY(normalizer.isLegalForm(typo.last()));
    QFile stopwords(dir + u"rigour_stopwords.yml"_s);
    QVERIFY(stopwords.open(QIODevice::ReadOnly));
    QVERIFY(normalizer.addRigourPersonPrefixes(stopwords.readAll()) > 20);
    QCOMPARE(normalizer.tokens(u"Mister John Smith"_s, NameNormalizer::NameKind::Person),
        (QStringList { u"john"_s, u"smith"_s }));
    QCOMPARE(NameNormalizer().addRigourOrgTypes("not: yaml of that shape\n"), 0);
}

void TestSanctionsNormalizer::tokenSimilarity_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::newRow("identical") << u"putin"_s << u"putin"_s << 1.0 << 1.0;
    QTest::newRow("transliteration") << u"mohammed"_s << u"muhammad"_s << 0.85 << 0.99;
    QTest::newRow("one-typo") << u"scholze"_s << u"scholz"_s << 0.8 << 0.99;
    QTest::newRow("short-no-fuzz") << u"ali"_s << u"ala"_s << 0.0 << 0.0;
    QTest::newRow("short-same-skeleton") << u"ali"_s << u"aly"_s << 0.7 << 0.8;
    QTest::newRow("initial") << u"v"_s << u"vladimir"_s << 0.5 << 0.8;
    QTest::newRow("different") << u"angela"_s << u"octavian"_s << 0.0 << 0.5;
    QTest::newRow("transposition-one-typo") << u"adbul"_s << u"abdul"_s << 0.8 << 0.99;
    QTest::newRow("short-skeleton-not-enough") << u"tara"_s << u"thura"_s << 0.0 << 0.5;
    QTest::newRow("patronymic-ukrainian-russian")
        << u"volodymyrovich"_s << u"vladimirovich"_s << 0.85 << 0.95;
    QTest::newRow("german-russian-juri-yury") << u"juri"_s << u"yury"_s << 0.8 << 0.99;
    QTest::newRow("german-russian-prigoschin") << u"prigoschin"_s << u"prigozhin"_s << 0.85 << 0.99;
    QTest::newRow("doubled-letters") << u"mohammed"_s << u"mohamed"_s << 0.9 << 0.99;
    QTest::newRow("lithuanian-ending") << u"putinas"_s << u"putin"_s << 0.85 << 0.95;
    QTest::newRow("latvian-ending") << u"putins"_s << u"putin"_s << 0.85 << 0.95;
    QTest::newRow("lithuanian-ending-other-spelling") << u"sergejus"_s << u"sergey"_s << 0.85 << 0.95;
    QTest::newRow("lithuanian-ending-in-place-of-y") << u"zelenskis"_s << u"zelenskyy"_s << 0.85 << 0.95;
    QTest::newRow("latvian-ending-other-spelling") << u"juris"_s << u"yuri"_s << 0.85 << 0.95;
}

void TestSanctionsNormalizer::tokenSimilarity()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(double, min);
    QFETCH(double, max);
    const NameScorer::Token ta { a, NameNormalizer::phoneticKey(a), 1.0 };
    const NameScorer::Token tb { b, NameNormalizer::phoneticKey(b), 1.0 };
    const double sim = NameScorer::tokenSimilarity(ta, tb);
    QVERIFY2(sim >= min && sim <= max, qPrintable(QString::number(sim)));
}

void TestSanctionsNormalizer::jaroWinklerReference()
{
    // Textbook values (Winkler 1990 examples).
    QVERIFY(qAbs(NameScorer::jaroWinkler(u"martha", u"marhta") - 0.9611) < 0.001);
    QVERIFY(qAbs(NameScorer::jaroWinkler(u"dwayne", u"duane") - 0.84) < 0.001);
    QVERIFY(qAbs(NameScorer::jaroWinkler(u"dixon", u"dicksonx") - 0.8133) < 0.001);
    QCOMPARE(NameScorer::levenshtein(u"kitten", u"sitting"), 3);
    QCOMPARE(NameScorer::levenshtein(u"kitten", u"sitting", 3), 3);
    QCOMPARE(NameScorer::levenshtein(u"kitten", u"sitting", 2), 3);
    QCOMPARE(NameScorer::levenshtein(u"abdulrahman", u"adbulrahman"), 1);
    QCOMPARE(NameScorer::levenshtein(u"abdulrahman", u"adbulrahman", 1), 1);
    QCOMPARE(NameScorer::levenshtein(u"saddamhusseinaltikriti", u"sadamhuseinaltikriti", 3), 2);
}

void TestSanctionsNormalizer::foldOnManyThreads()
{
    // ICU transliterators are not safe for concurrent use: each thread must get its own clones.
    const QStringList names = { u"Владимир Путин"_s, u"صدام حسين التكريتي"_s, u"김영복"_s, u"习近平"_s,
        u"व्लादिमीर पुतिन"_s, u"ბარაკ ობამა"_s, u"Αλέξης Τσίπρας"_s, u"ולדימיר פוטין"_s, u"Straße Łukasz"_s };
    QStringList expected;
    for (const QString &n : names)
        expected.append(NameNormalizer::fold(n));
    std::atomic<int> mismatches { 0 };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int round = 0; round < 200; ++round)
                for (qsizetype i = 0; i < names.size(); ++i)
                    // Leading spaces vary the text, so the per-thread cache does not hide the transforms.
                    if (NameNormalizer::fold(QString(round % 50 + 1, u' ') + names.at(i)) != expected.at(i))
                        ++mismatches;
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(mismatches.load(), 0);
}

QTEST_GUILESS_MAIN(TestSanctionsNormalizer)
#include "TestSanctionsNormalizer.moc"
