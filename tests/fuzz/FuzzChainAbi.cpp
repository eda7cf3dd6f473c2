// Fuzz target: everything the chain area reads from a node or a client, on the same bytes: revert data,
// ERC-20 answers (amount, decimals, symbol in both encodings), ABI words, a JSON-RPC batch answer, hex
// quantities and data, and addresses. Input: raw bytes (also taken as text).

#include "ops/chain/abi/AbiReader.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/EvmAddress.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/JsonRpc.h"

#include <cstdint>

using namespace ades::chain;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes.left(200));

    const RevertReason reason = RevertReason::decode(bytes);
    (void)reason.toJson();
    // A decoded Error or Panic always came with its selector.
    if (reason.kind == RevertReason::Kind::ErrorString && !bytes.startsWith(QByteArray::fromHex("08c379a0")))
        __builtin_trap();
    if (reason.kind == RevertReason::Kind::Panic && bytes.size() != 36)
        __builtin_trap();

    (void)Erc20::readAmount(bytes);
    if (const auto decimals = Erc20::readDecimals(bytes); decimals && (*decimals < 0 || *decimals > 255))
        __builtin_trap();
    if (const auto symbol = Erc20::readSymbol(bytes); symbol && symbol->text.isEmpty() && symbol->bytes32)
        __builtin_trap();
    const AbiReader reader(bytes);
    for (qsizetype i = 0; i < 4; ++i) {
        if (const auto b = reader.dynamicBytes(i); b && b->size() > bytes.size())
            __builtin_trap();
    }

    for (qsizetype count : { 1, 2, 3 })
        (void)JsonRpc::decodeBatch(bytes, count, 1);

    // A canonical quantity prints back as itself; data round-trips.
    if (const auto q = Hex::quantity(text, Hex::Strictness::Canonical);
        q && q->toQuantity() != text.toLower())
        __builtin_trap();
    (void)Hex::quantity(text, Hex::Strictness::Lenient);
    if (const auto d = Hex::data(text); d && Hex::fromData(*d) != text.toLower())
        __builtin_trap();
    if (const auto a = EvmAddress::parse(text, QStringLiteral("address")); a.ok()) {
        if (!EvmAddress::parse(a.value().checksummed(), QStringLiteral("address")).ok())
            __builtin_trap();
    }
    if (const auto units = Uint256::fromUnits(text, 6);
        units && Uint256::fromUnits(units->toUnits(6), 6) != units)
        __builtin_trap();
    return 0;
}
