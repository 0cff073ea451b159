package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FaultPlanTest {

	@Test
	void theIssuesRunOf5000ChargesLosesExactly50CallbacksAndChargesExactly25OrdersTwice() {
		// given issue 20's e2e rates: 1 % lost callbacks, 0.5 % double charges
		FaultPlan plan = new FaultPlan(20260928L,
				Map.of(Fault.LOSE_CALLBACK, new BigDecimal("0.01"), Fault.CHARGE_TWICE, new BigDecimal("0.005")));

		// when 5,000 charges are drawn
		List<Set<Fault>> drawn = draw(plan, 5000);

		// then the counts are exact, whatever the seed
		assertThat(count(drawn, Fault.LOSE_CALLBACK)).isEqualTo(50);
		assertThat(count(drawn, Fault.CHARGE_TWICE)).isEqualTo(25);
		assertThat(count(drawn, Fault.DUPLICATE_CALLBACK)).isZero();
		FaultPlan otherSeed = new FaultPlan(1L,
				Map.of(Fault.LOSE_CALLBACK, new BigDecimal("0.01"), Fault.CHARGE_TWICE, new BigDecimal("0.005")));
		assertThat(count(draw(otherSeed, 5000), Fault.LOSE_CALLBACK)).isEqualTo(50);
	}

	@Test
	void everyBlockOfOneOverTheRateChargesHasExactlyOneFault() {
		FaultPlan plan = new FaultPlan(42L, Map.of(Fault.DUPLICATE_CALLBACK, new BigDecimal("0.01")));

		List<Set<Fault>> drawn = draw(plan, 1000);

		for (int block = 0; block < 10; block++) {
			assertThat(count(drawn.subList(block * 100, block * 100 + 100), Fault.DUPLICATE_CALLBACK))
				.as("block %d", block)
				.isEqualTo(1);
		}
	}

	@Test
	void aRateThatIsNotOneOverAWholeNumberIsStillExact() {
		FaultPlan plan = new FaultPlan(7L, Map.of(Fault.MISSTATE_CALLBACK_AMOUNT, new BigDecimal("0.3")));

		assertThat(count(draw(plan, 1000), Fault.MISSTATE_CALLBACK_AMOUNT)).isEqualTo(300);
		assertThat(count(draw(plan, 10), Fault.MISSTATE_CALLBACK_AMOUNT)).isEqualTo(3);
	}

	@Test
	void theSameSeedPicksTheSameChargesAndAnotherSeedOthers() {
		Map<Fault, BigDecimal> rates = Map.of(Fault.LOSE_CALLBACK, new BigDecimal("0.01"));

		List<Long> once = picked(new FaultPlan(99L, rates), Fault.LOSE_CALLBACK, 5000);
		List<Long> again = picked(new FaultPlan(99L, rates), Fault.LOSE_CALLBACK, 5000);
		List<Long> otherSeed = picked(new FaultPlan(100L, rates), Fault.LOSE_CALLBACK, 5000);

		assertThat(again).isEqualTo(once);
		assertThat(otherSeed).hasSize(50).isNotEqualTo(once);
		// spread within the blocks, not every hundredth charge
		assertThat(once.stream().map(charge -> (charge - 1) % 100).distinct().count()).isGreaterThan(20);
	}

	@Test
	void faultsAreDrawnIndependentlySoOneChargeCanHaveSeveral() {
		FaultPlan plan = new FaultPlan(3L,
				Map.of(Fault.LOSE_CALLBACK, new BigDecimal("0.5"), Fault.DUPLICATE_CALLBACK, new BigDecimal("0.5")));

		List<Set<Fault>> drawn = draw(plan, 200);

		assertThat(drawn.stream().filter(faults -> faults.size() == 2).count()).isPositive();
		assertThat(count(drawn, Fault.LOSE_CALLBACK)).isEqualTo(100);
		assertThat(count(drawn, Fault.DUPLICATE_CALLBACK)).isEqualTo(100);
	}

	@Test
	void rateOneIsEveryChargeAndZeroNone() {
		FaultPlan plan = new FaultPlan(5L, Map.of(Fault.CHARGE_TWICE, BigDecimal.ONE));

		assertThat(draw(plan, 50)).allSatisfy(faults -> assertThat(faults).containsExactly(Fault.CHARGE_TWICE));
		assertThat(draw(FaultPlan.none(), 50)).allSatisfy(faults -> assertThat(faults).isEmpty());
	}

	@Test
	void aRateOutsideZeroToOneIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new FaultPlan(1L, Map.of(Fault.LOSE_CALLBACK, new BigDecimal("1.01"))));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new FaultPlan(1L, Map.of(Fault.LOSE_CALLBACK, new BigDecimal("-0.01"))));
		assertThatIllegalArgumentException().isThrownBy(() -> FaultPlan.none().draw(0));
	}

	private static List<Set<Fault>> draw(FaultPlan plan, int charges) {
		List<Set<Fault>> drawn = new ArrayList<>();
		for (long charge = 1; charge <= charges; charge++) {
			drawn.add(plan.draw(charge));
		}
		return drawn;
	}

	private static long count(List<Set<Fault>> drawn, Fault fault) {
		return drawn.stream().filter(faults -> faults.contains(fault)).count();
	}

	private static List<Long> picked(FaultPlan plan, Fault fault, int charges) {
		return LongStream.rangeClosed(1, charges).filter(charge -> plan.draw(charge).contains(fault)).boxed().toList();
	}

}
