#include "Erc20.h"

#include "AbiReader.h"
#include "crypto/Keccak256.h"

namespace ades::chain {

QByteArray selector(const QByteArray &signature)
{
    return keccak256(signature).left(4);
}

namespace Erc20 {

QByteArray balanceOf(const EvmAddress &owner)
{
    static const QByteArray s = selector("balanceOf(address)");
    return s + owner.word();
}

QByteArray allowance(const EvmAddress &owner, const EvmAddress &spender)
{
    static const QByteArray s = selector("allowance(address,address)");
    return s + owner.word() + spender.word();
}

QByteArray decimals()
{
    static const QByteArray s = selector("decimals()");
    return s;
}

QByteArray symbol()
{
    static const QByteArray s = selector("symbol()");
    return s;
}

QByteArray transfer(const EvmAddress &to, const Uint256 &amount)
{
    static const QByteArray s = selector("transfer(address,uint256)");
    return s + to.word() + amount.toWord();
}

std::optional<Uint256> readAmount(const QByteArray &returnData)
{
    return AbiReader(returnData).uint(0);
}

std::optional<int> readDecimals(const QByteArray &returnData)
{
    const auto value = AbiReader(returnData).uint(0);
    const auto small = value ? value->toUint64() : std::nullopt;
    if (!small || *small > 255)
        return std::nullopt;
    return int(*small);
}

std::optional<Symbol> readSymbol(const QByteArray &returnData)
{
    const AbiReader reader(returnData);
    if (returnData.size() >= 64) {
        if (const auto text = reader.string(0))
            return Symbol { *text, false };
    }
    if (returnData.size() == 32) {
        QByteArray bytes = returnData;
        while (!bytes.isEmpty() && bytes.back() == '\0')
            bytes.chop(1);
        if (const auto text = readableText(bytes); text && !text->isEmpty())
            return Symbol { *text, true };
    }
    return std::nullopt;
}

} // namespace Erc20

} // namespace ades::chain
