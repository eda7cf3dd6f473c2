#include "CommandLine.h"

#include "area/Area.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Invoker.h"
#include "channels/key/EmailAddress.h"
#include "core/Settings.h"
#include "crypto/IssuerKeyFile.h"
#include "host/HostSettings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "host/ServiceMetrics.h"
#include "ops/AreaList.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace ades::app {

namespace {

void printJson(const QJsonObject &object, FILE *stream = stdout)
{
    std::fprintf(stream, "%s\n", QJsonDocument(object).toJson(QJsonDocument::Indented).constData());
}

std::unique_ptr<ServiceContext> openContext(const QStringList &arguments)
{
    Settings settings = Settings::load(dataDirFrom(arguments));
    // --listen is where this run listens, so the public URL derived from it (receipts, discovery) follows.
    const QString listen = optionValue(arguments, u"--listen"_s);
    if (!listen.isEmpty())
        settings.setFromCommandLine(HostSettings::Listen.spec.key, listen);
    Result<std::unique_ptr<ServiceContext>> context = ServiceContext::create(settings);
    if (!context.ok()) {
        std::fprintf(stderr, "ades: %s\n", qPrintable(context.error().message()));
        return nullptr;
    }
    return std::move(context.value());
}

// SIGINT/SIGTERM end `ades serve` gracefully: the signal handler only writes to a socket pair (the only
// async-signal-safe way to reach Qt); the event loop reads it and calls `onTermination`.
int signalPipe[2] = { -1, -1 };

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[0], &byte, 1);
}

void onTerminationSignals(std::function<void()> onTermination)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(signalPipe[1], QSocketNotifier::Read, QCoreApplication::instance());
    QObject::connect(notifier, &QSocketNotifier::activated, QCoreApplication::instance(), [onTermination]() {
        char byte;
        [[maybe_unused]] const auto got = ::read(signalPipe[1], &byte, 1);
        onTermination();
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

// The first signal stops accepting and waits, up to service/drain_timeout_ms, until no call is in flight;
// a second signal quits at once. What is written behind a call is flushed after the loop ends.
void drainThenQuit(ServiceHost &host, int drainTimeoutMs)
{
    static bool draining = false;
    if (draining) {
        std::fprintf(stderr, "ades: second signal: quitting without waiting\n");
        QCoreApplication::quit();
        return;
    }
    draining = true;
    host.stopAccepting();
    const ServiceMetrics &metrics = host.context().metrics();
    std::fprintf(stderr, "ades: stopping: no new connections; %lld calls in flight\n",
        static_cast<long long>(metrics.inFlight()));
    auto *poll = new QTimer(QCoreApplication::instance());
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QObject::connect(
        poll, &QTimer::timeout, QCoreApplication::instance(), [poll, clock, &metrics, drainTimeoutMs]() {
            const qint64 left = metrics.inFlight();
            if (left > 0 && clock->elapsed() < drainTimeoutMs)
                return;
            poll->stop();
            if (left > 0)
                std::fprintf(stderr, "ades: %lld calls still in flight after %d ms: quitting\n",
                    static_cast<long long>(left), drainTimeoutMs);
            QCoreApplication::quit();
        });
    poll->start(20);
}

} // namespace

bool parseListen(const QString &text, QHostAddress &address, quint16 &port)
{
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon < 0)
        return false;
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint p = text.mid(colon + 1).toUInt(&ok);
    if (!ok || p > 65535 || !address.setAddress(host == u"localhost"_s ? u"127.0.0.1"_s : host))
        return false;
    port = quint16(p);
    return true;
}

QString optionValue(const QStringList &arguments, const QString &option)
{
    const qsizetype i = arguments.indexOf(option);
    if (i >= 0 && i + 1 < arguments.size())
        return arguments.at(i + 1);
    const QString prefix = option + u'=';
    for (const QString &a : arguments) {
        if (a.startsWith(prefix))
            return a.mid(prefix.size());
    }
    return {};
}

QString dataDirFrom(const QStringList &arguments)
{
    QString dir = optionValue(arguments, u"--data-dir"_s);
    if (dir.isEmpty())
        dir = qEnvironmentVariable("ADES_DATA_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).absolutePath();
}

void printUsage()
{
    std::printf(
        "Usage:\n"
        "  ades [--listen HOST:PORT] [--data-dir DIR]\n"
        "      start the operator console (headless `serve` without a display)\n"
        "  ades serve [--listen HOST:PORT] [--data-dir DIR]\n"
        "      run the HTTP service headless (default 127.0.0.1:8402)\n"
        "  ades verify FILE [--issuer 0x...] [--data-dir DIR]\n"
        "      verify a receipt-bearing JSON result (- reads stdin); exit 0 valid, 1 invalid, 2 unusable\n"
        "  ades call OPERATION key=value ...   run a catalog operation in-process, print its JSON result\n"
        "  ades call --list                    list the catalog's operations\n"
        "  ades keys create [--label TEXT] [--email ADDRESS] [--plan free|full] [--limit N|--unlimited]\n"
        "  ades keys list\n"
        "  ades keys revoke ID_OR_PREFIX\n"
        "  ades keys plan ID_OR_PREFIX --plan free|full [--limit N|--unlimited]\n"
        "  ades keys usage ID_OR_PREFIX [--days N]   calls per UTC day, newest last (default 30 days)\n"
        "  ades settings [--data-dir DIR]      list every setting: key, kind, default, value in force\n");
    // Each area's own commands (ades sanctions ..., ades einvoice ...).
    for (const AreaCommand &command : areaCommands())
        std::printf("%s", qPrintable(command.usage));
    std::printf("Settings: DIR/ades.ini, each key overridable by ADES_<KEY> (see docs/configuration.md).\n");
}

int runServe(const QStringList &arguments)
{
    std::unique_ptr<ServiceContext> context = openContext(arguments);
    if (!context)
        return 1;
    const QString listen = context->settings().get(HostSettings::Listen);
    QHostAddress address;
    quint16 port = 0;
    if (!parseListen(listen, address, port)) {
        std::fprintf(stderr, "ades: --listen wants HOST:PORT, got '%s'\n", qPrintable(listen));
        return 2;
    }
    ServiceHost host(*context);
    const int drainTimeoutMs = context->settings().get(HostSettings::DrainTimeoutMs);
    onTerminationSignals([&host, drainTimeoutMs]() { drainThenQuit(host, drainTimeoutMs); });
    int exitCode = 0;
    QObject::connect(&host, &ServiceHost::started, [&](quint16 bound) {
        std::printf("ades: listening on http://%s:%u (issuer %s, data %s)\n", qPrintable(address.toString()),
            bound, qPrintable(host.issuerAddress()), qPrintable(context->settings().dataDir()));
        std::fflush(stdout);
    });
    QObject::connect(&host, &ServiceHost::startFailed, [&](const QString &reason) {
        std::fprintf(stderr, "ades: cannot listen on %s: %s\n", qPrintable(listen), qPrintable(reason));
        exitCode = 1;
        QCoreApplication::exit(1);
    });
    host.start(address, port);
    const int loop = QCoreApplication::exec();
    host.stop();
    context->store().flush();
    return exitCode ? exitCode : loop;
}

int runVerify(const QStringList &arguments)
{
    const QString path = arguments.value(0);
    if (path.isEmpty()) {
        std::fprintf(stderr, "ades verify: name a JSON file (or - for standard input)\n");
        return 2;
    }
    QFile file;
    const bool opened = path == u"-"_s ? file.open(stdin, QIODevice::ReadOnly)
                                       : (file.setFileName(path), file.open(QIODevice::ReadOnly));
    if (!opened) {
        printJson(QJsonObject { { u"valid"_s, false }, { u"usable"_s, false },
            { u"problems"_s, QJsonArray { u"cannot_read_file"_s } } });
        return 2;
    }
    // Verification needs no data folder: the issuer is recovered from the signature.
    SystemClock clock;
    // "Issued by this service" needs the local issuer: --issuer, else the data folder's key when one exists.
    QString trusted = optionValue(arguments, u"--issuer"_s);
    const QString keyPath = QDir(dataDirFrom(arguments)).filePath(u"issuer.key"_s);
    if (trusted.isEmpty() && QFile::exists(keyPath)) {
        const Result<PrivateKey> key = loadOrCreateIssuerKey(keyPath);
        if (key.ok())
            trusted = key.value().address();
    }
    const ReceiptVerdict verdict
        = ReceiptVerifier(clock, trusted).verifyDocument(file.read(64 * 1024 * 1024));
    printJson(verdict.toJson());
    if (!verdict.usable)
        return 2;
    return verdict.valid ? 0 : 1;
}

int runCall(const QStringList &arguments)
{
    std::unique_ptr<ServiceContext> context = openContext(arguments);
    if (!context)
        return 1;
    const QString name = arguments.value(0);
    if (name.isEmpty() || name == u"--list"_s) {
        const auto operations = context->catalog().operations();
        for (const Operation *op : operations)
            std::printf("%-28s %s\n", qPrintable(op->id), qPrintable(op->title));
        return name.isEmpty() ? 2 : 0;
    }
    const Operation *operation = context->catalog().find(name);
    if (!operation) {
        if (auto tool = context->catalog().findTool(name))
            operation = tool->operation;
    }
    if (!operation) {
        std::fprintf(stderr, "ades call: no operation '%s' (ades call --list)\n", qPrintable(name));
        return 2;
    }
    const Exposure *exposure = operation->exposure(Channel::Cli);
    const Exposure fallback { Channel::Cli, operation->id, Usdc::free(), {} };
    if (!exposure)
        exposure = &fallback;
    QList<QPair<QString, QString>> pairs;
    for (const QString &a : arguments.mid(1)) {
        if (a.startsWith(u"--"_s))
            continue; // options such as --data-dir=DIR are not operation arguments
        const qsizetype eq = a.indexOf(u'=');
        if (eq <= 0)
            continue;
        pairs.append({ a.left(eq), a.mid(eq + 1) });
    }
    int exitCode = 0;
    bool finished = false;
    Invoker::invoke(*operation, *exposure, ArgumentDecoder::fromText(*operation, *exposure, pairs),
        CallContext { Channel::Cli, QString() }, [&](Outcome outcome) {
            if (outcome.ok()) {
                printJson(outcome.value().data);
            } else {
                printJson(outcome.error().toJson(), stderr);
                exitCode = 1;
            }
            finished = true;
            QCoreApplication::exit(exitCode);
        });
    if (!finished)
        QCoreApplication::exec();
    return exitCode;
}

namespace {

// --limit N or --unlimited, else the plan's default (free: 100 calls, full: unlimited). False: not a count.
bool callLimitFrom(const QStringList &arguments, const QString &plan, std::optional<qint64> &limit)
{
    limit = plan == u"free"_s ? std::optional<qint64>(100) : std::nullopt;
    if (arguments.contains(u"--unlimited"_s)) {
        limit.reset();
        return true;
    }
    const QString text = optionValue(arguments, u"--limit"_s);
    if (text.isEmpty())
        return true;
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < 0)
        return false;
    limit = value;
    return true;
}

QJsonObject keyJson(const ApiKeyRecord &k)
{
    return QJsonObject { { u"id"_s, k.id }, { u"key_prefix"_s, k.prefix }, { u"label"_s, k.label },
        { u"email"_s, k.email }, { u"plan"_s, k.plan },
        { u"created_at"_s, k.createdAt.toString(Qt::ISODate) }, { u"revoked"_s, k.isRevoked() },
        { u"calls_used"_s, k.callsUsed },
        { u"call_limit"_s, k.callLimit ? QJsonValue(*k.callLimit) : QJsonValue() },
        { u"last_used_day"_s,
            k.lastUsedDay.isValid() ? QJsonValue(k.lastUsedDay.toString(Qt::ISODate)) : QJsonValue() } };
}

// The first argument `arguments` (after the action) that is neither one of `valued` with its value nor one of
// `flags`: a typo or a misplaced word must not create or change a key with defaults.
std::optional<QString> unexpectedArgument(
    const QStringList &arguments, qsizetype from, const QStringList &valued, const QStringList &flags)
{
    for (qsizetype i = from; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (flags.contains(argument))
            continue;
        if (valued.contains(argument) && i + 1 < arguments.size()) {
            ++i;
            continue;
        }
        const qsizetype equals = argument.indexOf(u'=');
        if (equals > 0 && valued.contains(argument.left(equals)))
            continue;
        return argument;
    }
    return std::nullopt;
}

} // namespace

int runKeys(const QStringList &arguments)
{
    if (arguments.contains(u"--help"_s) || arguments.contains(u"-h"_s)) {
        printUsage();
        return 0;
    }
    const QString action = arguments.value(0);
    if (action == u"create"_s) {
        const QStringList valued { u"--label"_s, u"--email"_s, u"--plan"_s, u"--limit"_s, u"--data-dir"_s };
        if (const std::optional<QString> unexpected
            = unexpectedArgument(arguments, 1, valued, { u"--unlimited"_s })) {
            std::fprintf(stderr,
                "ades keys create: unexpected '%s' (usage: ades keys create [--label TEXT] [--email ADDRESS] "
                "[--plan free|full] [--limit N|--unlimited])\n",
                qPrintable(*unexpected));
            return 2;
        }
    }
    std::unique_ptr<ServiceContext> context = openContext(arguments);
    if (!context)
        return 1;
    ApiKeys &apiKeys = context->store().keys();
    if (action == u"create"_s || action == u"plan"_s) {
        const QString plan
            = optionValue(arguments, u"--plan"_s).isEmpty() ? u"free"_s : optionValue(arguments, u"--plan"_s);
        if (plan != u"free"_s && plan != u"full"_s) {
            std::fprintf(stderr, "ades keys %s: --plan is free or full\n", qPrintable(action));
            return 2;
        }
        std::optional<qint64> limit;
        if (!callLimitFrom(arguments, plan, limit)) {
            std::fprintf(
                stderr, "ades keys %s: --limit is a number of calls (0 or more)\n", qPrintable(action));
            return 2;
        }
        if (action == u"plan"_s) {
            const QString which = arguments.value(1);
            if (which.isEmpty() || which.startsWith(u"--"_s)
                || optionValue(arguments, u"--plan"_s).isEmpty()) {
                std::fprintf(stderr, "ades keys plan: name the key id or prefix and the --plan\n");
                return 2;
            }
            const Result<ApiKeyRecord> changed = apiKeys.changePlan(which, plan, limit);
            if (!changed.ok()) {
                std::fprintf(stderr, "ades keys plan: %s\n", qPrintable(changed.error().message()));
                return 1;
            }
            printJson(keyJson(changed.value()));
            return 0;
        }
        const QString email = optionValue(arguments, u"--email"_s).trimmed();
        if (!email.isEmpty()) {
            if (const std::optional<QString> problem = EmailAddress::problem(email)) {
                std::fprintf(stderr, "ades keys create: --email %s\n", qPrintable(*problem));
                return 2;
            }
        }
        const Result<NewApiKey> key
            = apiKeys.create(optionValue(arguments, u"--label"_s), plan, limit, email);
        if (!key.ok()) {
            std::fprintf(stderr, "ades: %s\n", qPrintable(key.error().message()));
            return 1;
        }
        printJson(QJsonObject { { u"id"_s, key.value().id }, { u"api_key"_s, key.value().key },
            { u"key_prefix"_s, key.value().prefix }, { u"plan"_s, plan },
            { u"call_limit"_s, limit ? QJsonValue(*limit) : QJsonValue() },
            { u"note"_s, u"Shown once; only its hash is stored."_s } });
        return 0;
    }
    if (action == u"list"_s) {
        const QList<ApiKeyRecord> keys = apiKeys.list();
        QJsonArray rows;
        for (const ApiKeyRecord &k : keys)
            rows.append(keyJson(k));
        std::printf("%s\n", QJsonDocument(rows).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    if (action == u"revoke"_s) {
        const QString which = arguments.value(1);
        if (which.isEmpty() || which.startsWith(u"--"_s)) {
            std::fprintf(stderr, "ades keys revoke: name the key id or prefix\n");
            return 2;
        }
        if (!apiKeys.revoke(which)) {
            std::fprintf(stderr, "ades keys revoke: no active key matches '%s'\n", qPrintable(which));
            return 1;
        }
        std::printf("revoked %s\n", qPrintable(which));
        return 0;
    }
    if (action == u"usage"_s) {
        const QString which = arguments.value(1);
        if (which.isEmpty() || which.startsWith(u"--"_s)) {
            std::fprintf(stderr, "ades keys usage: name the key id or prefix\n");
            return 2;
        }
        const QString daysText = optionValue(arguments, u"--days"_s);
        const int days = daysText.isEmpty() ? 30 : daysText.toInt();
        if (days < 1 || days > 366) {
            std::fprintf(stderr, "ades keys usage: --days is 1 to 366\n");
            return 2;
        }
        const QList<ApiKeyRecord> keys = apiKeys.list();
        const auto key = std::find_if(keys.cbegin(), keys.cend(),
            [&which](const ApiKeyRecord &k) { return k.id == which || k.prefix == which; });
        if (key == keys.cend()) {
            std::fprintf(stderr, "ades keys usage: no key matches '%s'\n", qPrintable(which));
            return 1;
        }
        const QDate today = context->clock().now().toUTC().date();
        QJsonArray rows;
        for (const DailyUsage &day :
            context->store().quotas().dailyUsage(key->id, today.addDays(1 - days), today))
            rows.append(
                QJsonObject { { u"day"_s, day.day.toString(Qt::ISODate) }, { u"calls"_s, day.calls } });
        std::printf("%s\n", QJsonDocument(rows).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::fprintf(stderr, "ades keys: use create, list, revoke, plan or usage\n");
    return 2;
}

QList<AreaCommand> areaCommands()
{
    QList<AreaCommand> commands;
    for (const auto &area : createAreas())
        commands += area->commands();
    return commands;
}

namespace {

std::optional<AreaCommand> findCommand(const std::vector<std::unique_ptr<Area>> &areas, const QString &name)
{
    for (const auto &area : areas) {
        const QList<AreaCommand> commands = area->commands();
        for (const AreaCommand &command : commands) {
            if (command.name == name)
                return command;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<int> runAreaCommand(const QString &name, const QStringList &arguments, int &argc, char **argv)
{
    const std::vector<std::unique_ptr<Area>> areas = createAreas();
    const std::optional<AreaCommand> command = findCommand(areas, name);
    if (!command)
        return std::nullopt;
    if (command->needs == AreaCommand::Needs::Nothing)
        return command->run(arguments, nullptr);
    // A command that needs the service runs on the areas of the opened context: they hold its state.
    QCoreApplication app(argc, argv);
    std::unique_ptr<ServiceContext> context = openContext(arguments);
    if (!context)
        return 1;
    const AreaServices services { context->catalog(), context->areaContext() };
    return findCommand(context->areas(), name)->run(arguments, &services);
}

int runSettings(const QStringList &arguments)
{
    std::unique_ptr<ServiceContext> context = openContext(arguments);
    if (!context)
        return 1;
    const Settings &settings = context->settings();
    const SettingSpecs specs = context->settingSpecs();
    for (const SettingSpec &spec : specs) {
        const bool family = spec.key.endsWith(u'/');
        QString value = family ? QString() : settings.value(spec.key);
        if (spec.kind == SettingSpec::Kind::Secret && !value.isEmpty())
            value = u"(set)"_s;
        std::printf("%-36s %-8s default=%-24s %s%s\n    %s\n", qPrintable(spec.key),
            qPrintable(SettingSpec::kindName(spec.kind)),
            qPrintable(spec.defaultValue.isEmpty() ? u"-"_s : spec.defaultValue),
            value.isEmpty() ? "" : "value=", qPrintable(value), qPrintable(spec.summary));
    }
    return 0;
}

} // namespace ades::app
